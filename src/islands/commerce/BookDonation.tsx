import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { requestDonation } from '../../lib/commerce/donation-request.ts';
import { $menuEntries } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { DonationDialog } from './DonationDialog.tsx';

interface Props {
  lang: Lang;
  book: { id: string; title: string };
  /** Every copy of a copy-limited book is lent out: a donated copy would move its queue. */
  allLent: boolean;
}

/**
 * The book page's donation: the dialog (opened by the page's Donate button, or here), and while
 * every copy is lent a line inviting a donation so the queue moves. Shown only while donations are
 * on (the app menu then has its donation entry).
 */
export const BookDonation = withTexts(BookDonationIsland, ['apiErrors', 'commerce', 'common', 'errors']);

function BookDonationIsland({ book, allLent }: Props) {
  return (
    <>
      <QueueInvite book={book} allLent={allLent} />
      <DonationDialog />
    </>
  );
}

function QueueInvite({ book, allLent }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const menu = useStore($menuEntries);
  // The menu lives in this browser's storage: known only after hydration.
  if (!allLent || !mounted || !menu.some((entry) => entry.id === 'donation')) return null;
  return (
    <div className="alert alert-info alert-soft flex flex-wrap items-center gap-3 text-sm" data-donation-invite>
      <CatalogueIcon name="gift" className="size-5 shrink-0" />
      <span className="flex-1">{t('commerce.donate.queueHint')}</span>
      <button type="button" className="btn btn-sm btn-primary" aria-haspopup="dialog" onClick={() => requestDonation(book)}>
        {t('commerce.donate.queueAction')}
      </button>
    </div>
  );
}
