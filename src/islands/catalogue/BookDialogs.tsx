import { lazy } from 'react';
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog } from '../../lib/catalogue/book-actions-store.ts';
import { $loanConfirmation } from '../../lib/lending/loan-confirmation.ts';
import { $followConfirm } from '../../lib/social/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Deferred } from '../shell/Deferred.tsx';
import { Modal } from '../shell/Modal.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';

// Each dialog's code loads when it first opens (see Deferred).
const BorrowDialog = lazy(() => import('./BorrowDialog.tsx').then((m) => ({ default: m.BorrowDialog })));
const FollowConfirmDialog = lazy(() => import('./FollowConfirmDialog.tsx').then((m) => ({ default: m.FollowConfirmDialog })));
const LoanConfirmation = lazy(() => import('./LoanConfirmation.tsx').then((m) => ({ default: m.LoanConfirmation })));
const PeopleList = lazy(() => import('./PeopleList.tsx').then((m) => ({ default: m.PeopleList })));
const RecommendDialog = lazy(() => import('./RecommendDialog.tsx').then((m) => ({ default: m.RecommendDialog })));
const ShareDialog = lazy(() => import('./ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

/** The detail page's dialogs, opened through the store from any island. */
export const BookDialogs = withTexts(Dialogs, ['apiErrors', 'catalogue', 'common', 'errors', 'lending']);

const PEOPLE = ['borrowers', 'readers', 'queue', 'owners'] as const;

function Dialogs(props: BookIslandProps) {
  const { t } = useTranslation();
  const book = useBook(props);
  const dialog = useStore($dialog);
  const loan = useStore($loanConfirmation);
  const follow = useStore($followConfirm);
  return (
    <>
      <Deferred when={dialog === 'borrow'}>
        <BorrowDialog open={dialog === 'borrow'} book={book} />
      </Deferred>
      {PEOPLE.map((kind) => (
        <Modal key={kind} open={dialog === kind} onClose={closeDialog} title={t(`catalogue.people.${kind}Title`)}>
          <Deferred when={dialog === kind}>
            <PeopleList kind={kind} viewerId={props.userId} />
          </Deferred>
        </Modal>
      ))}
      <Deferred when={dialog === 'recommend'}>
        <RecommendDialog open={dialog === 'recommend'} viewerId={props.userId} />
      </Deferred>
      <Deferred when={dialog === 'share'}>
        <ShareDialog open={dialog === 'share'} book={book} />
      </Deferred>
      <Deferred when={follow !== null}>
        <FollowConfirmDialog />
      </Deferred>
      <Deferred when={loan !== null}>
        <LoanConfirmation />
      </Deferred>
    </>
  );
}
