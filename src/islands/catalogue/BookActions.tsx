import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { detailButtonInput, readerHref } from '../../lib/catalogue/book.ts';
import { membershipState, membershipWarning } from '../../lib/libraries/membership-rules.ts';
import { formatOfferDeadline, lendingButton, lendingLabelKey, lendingReason, type LendingLabel } from '../../lib/lending/rules.ts';
import { $menuEntries } from '../../lib/shell/store.ts';
import { $queueBusy, joinBookQueue, openDialog } from '../../lib/catalogue/book-actions-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { BookMenu } from './BookMenu.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';
import { isBuiltPage } from '../../lib/site/built-pages.ts';
import { requestDonation } from '../../lib/commerce/donation-request.ts';

interface Props extends BookIslandProps {
  lang: Lang;
  /** `inline` under the title; `bar` fixed at the bottom of narrow screens (≤ 485 px). */
  variant: 'inline' | 'bar';
}

const ICON: Record<LendingLabel, CatalogueIconName> = {
  read: 'read',
  borrow: 'borrow',
  join: 'join',
  askToJoin: 'join',
  pendingApproval: 'clock',
  extend: 'clock',
  queue: 'queue',
  queued: 'queue',
  claim: 'borrow',
  joinAndBorrow: 'join',
  joinAndQueue: 'queue',
  unreadable: 'info',
};

/** The book's action buttons: read/borrow/join/queue, donation, review and the overflow menu. */
export const BookActions = withTexts(BookActionsIsland, ['apiErrors', 'catalogue', 'errors', 'lending']);

function BookActionsIsland({ variant, ...props }: Props) {
  return <Actions variant={variant} {...props} />;
}

function Actions({ variant, ...props }: BookIslandProps & { variant: Props['variant'] }) {
  const { t, i18n } = useTranslation();
  const book = useBook(props);
  const mounted = useMounted();
  const menu = useStore($menuEntries);
  const queueBusy = useStore($queueBusy);
  // A copy held for the caller here is claimed with Borrow; a book nobody can read here is not lent.
  const offer = book.queue_offer && book.queue_offer.epustaka_id === book.epustaka?.id ? book.queue_offer : null;
  const input = { ...detailButtonInput(book), offered: offer !== null, web_readable: book.web_readable };
  const button = lendingButton(input);
  const reason = lendingReason(input);
  const bar = variant === 'bar';
  // The menu lives in this browser's storage: known only after hydration.
  const donation = mounted && book.using_drm && menu.some((entry) => entry.id === 'donation') && isBuiltPage('/donation');
  const membership = book.has_borrow || !book.epustaka ? null : membershipWarning(membershipState(book.epustaka.has_join, book.epustaka.member_status));
  const warning = offer ? null : reason ? `lending.reason.${reason}` : membership ? `catalogue.warnings.${membership}` : null;
  const label =
    button.label === 'queued' && book.queue_position ? t('catalogue.membership.queuedAt', { position: book.queue_position }) : t(lendingLabelKey(button.label));

  const main =
    button.action === 'read' ? (
      <a href={readerHref(book)} className={`btn btn-primary ${bar ? 'flex-1' : 'btn-wide max-xs:flex-1'}`}>
        <CatalogueIcon name="read" />
        {label}
      </a>
    ) : (
      <button
        type="button"
        className={`btn btn-primary ${bar ? 'flex-1' : 'btn-wide max-xs:flex-1'}`}
        disabled={button.disabled || queueBusy}
        aria-haspopup={button.action === 'queue' ? undefined : 'dialog'}
        onClick={() => (button.action === 'queue' ? void joinBookQueue(t) : openDialog('borrow'))}
      >
        {queueBusy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <CatalogueIcon name={ICON[button.label]} />}
        {label}
      </button>
    );

  const review = book.has_borrow_before ? (
    <a href="#tab-review" className={`btn ${bar ? 'btn-square btn-ghost' : 'btn-outline border-base-300'}`} aria-label={bar ? t(book.user_rating ? 'catalogue.actions.editReview' : 'catalogue.actions.review') : undefined}>
      <CatalogueIcon name="pen" />
      {bar ? null : t(book.user_rating ? 'catalogue.actions.editReview' : 'catalogue.actions.review')}
    </a>
  ) : null;

  // The dialog is the book page's donation island's; this button asks it to open.
  const donate = donation ? (
    <button
      type="button"
      className={`btn ${bar ? 'btn-square btn-ghost' : 'btn-outline border-base-300'}`}
      aria-haspopup="dialog"
      aria-label={bar ? t('catalogue.actions.donation') : undefined}
      onClick={() => requestDonation({ id: book.id, title: book.book_title })}
    >
      <CatalogueIcon name="gift" />
      {bar ? null : t('catalogue.actions.donation')}
    </button>
  ) : null;

  if (bar) {
    return (
      <div className="border-base-300 bg-base-100/95 fixed inset-x-0 bottom-0 z-30 border-t px-3 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur min-[486px]:hidden">
        <div role="group" aria-label={t('catalogue.actions.label')} className="flex items-center gap-2">
          {main}
          {review}
          {donate}
          <BookMenu book={book} compact />
        </div>
      </div>
    );
  }

  // On narrow screens the bar below carries the buttons; only a warning stays here.
  const notice = offer ? (
    <div role="status" className="alert alert-success alert-soft mt-3 items-start text-sm" data-queue-offer>
      <CatalogueIcon name="clock" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{t('lending.offer.held', { date: formatOfferDeadline(offer.expires_at, i18n.language) })}</p>
        <p>{t('lending.offer.after')}</p>
      </div>
    </div>
  ) : null;

  return (
    <div className={warning || notice ? undefined : 'hidden min-[486px]:block'}>
      <div role="group" aria-label={t('catalogue.actions.label')} className="hidden flex-wrap items-center gap-2 min-[486px]:flex">
        {main}
        {review}
        {donate}
        <BookMenu book={book} />
      </div>
      {notice}
      {warning ? (
        <p className={`flex min-[486px]:mt-3 items-start gap-2 text-sm ${membership === 'expired' && !reason ? 'text-error' : 'text-base-content/80'}`} data-lending-reason>
          <CatalogueIcon name="info" className="mt-0.5 size-4 shrink-0" />
          {t(warning)}
        </p>
      ) : null}
    </div>
  );
}
