import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $dialog, closeDialog } from '../../lib/stores/catalogue.ts';
import { I18nRoot, useTranslation } from '../shell/I18nRoot.tsx';
import { BorrowDialog } from './BorrowDialog.tsx';
import { FollowConfirmDialog } from './FollowConfirmDialog.tsx';
import { LoanConfirmation } from './LoanConfirmation.tsx';
import { Modal } from '../shell/Modal.tsx';
import { PeopleList } from './PeopleList.tsx';
import { RecommendDialog } from './RecommendDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';

/** The detail page's dialogs (spec 01 §2.5), opened through the store from any island. */
export function BookDialogs({ lang, ...props }: BookIslandProps & { lang: Lang }) {
  return (
    <I18nRoot lang={lang}>
      <Dialogs {...props} />
    </I18nRoot>
  );
}

const PEOPLE = ['borrowers', 'readers', 'queue', 'owners'] as const;

function Dialogs(props: BookIslandProps) {
  const { t } = useTranslation();
  const book = useBook(props);
  const dialog = useStore($dialog);
  return (
    <>
      <BorrowDialog open={dialog === 'borrow'} book={book} />
      {PEOPLE.map((kind) => (
        <Modal key={kind} open={dialog === kind} onClose={closeDialog} title={t(`catalogue.people.${kind}Title`)}>
          <PeopleList kind={kind} viewerId={props.userId} />
        </Modal>
      ))}
      <RecommendDialog open={dialog === 'recommend'} viewerId={props.userId} />
      <ShareDialog open={dialog === 'share'} book={book} />
      <FollowConfirmDialog />
      <LoanConfirmation />
    </>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
BookDialogs.texts = ['apiErrors', 'catalogue', 'common', 'errors', 'lending'];
