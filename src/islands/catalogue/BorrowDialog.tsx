import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { BookDetail, BorrowHolding } from '../../lib/catalogue/schema.ts';
import { LOAN_DAYS } from '../../lib/contract/values.ts';
import { readerHref } from '../../lib/catalogue/book.ts';
import { membershipState } from '../../lib/libraries/membership-rules.ts';
import { atLoanLimit, formatOfferDeadline, lendingButton, lendingLabelKey, lendingReason } from '../../lib/lending/rules.ts';
import { joinThenQueue } from '../../lib/lending/store.ts';
import { $holdings, actOnHolding, closeDialog, joinBookQueue, loadHoldings } from '../../lib/catalogue/book-actions-store.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { Modal } from '../shell/Modal.tsx';

/**
 * The borrow/join dialog: every ePustaka holding the book, each with
 * its membership, its copies and its own join/borrow button.
 */
export function BorrowDialog({ open, book }: { open: boolean; book: BookDetail }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={closeDialog} title={t('catalogue.borrow.title')} widthClass="max-w-xl">
      <Holdings book={book} />
    </Modal>
  );
}

function Holdings({ book }: { book: BookDetail }) {
  const { t } = useTranslation();
  const state = useStore($holdings);
  return (
    <div>
      <p className="text-base-content/80 text-sm">{t('catalogue.borrow.intro', { title: book.book_title, days: LOAN_DAYS })}</p>
      {state.loading ? (
        <div className="flex justify-center py-8">
          <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />
        </div>
      ) : state.error ? (
        <div role="alert" className="alert alert-error alert-soft mt-4">
          <span>{t('catalogue.borrow.error')}</span>
          <button type="button" className="btn btn-sm" onClick={() => void loadHoldings()}>
            {t('common.retry')}
          </button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="text-base-content/70 py-6 text-center">{t('catalogue.borrow.none')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {state.items.map((holding) => (
            <HoldingRow key={holding.id} holding={holding} book={book} busy={state.busy === holding.id} anyBusy={state.busy !== null} />
          ))}
        </ul>
      )}
    </div>
  );
}

function HoldingRow({ holding, book, busy, anyBusy }: { holding: BorrowHolding; book: BookDetail; busy: boolean; anyBusy: boolean }) {
  const { t, i18n } = useTranslation();
  const offer = book.queue_offer?.epustaka_id === holding.id ? book.queue_offer : null;
  const input = {
    has_join: holding.has_join,
    member_status: holding.member_status,
    epustaka_isprivate: holding.epustaka_isprivate,
    using_drm: book.using_drm,
    available_qty: holding.available_qty,
    all_qty: holding.total_qty,
    has_borrow: book.has_borrow,
    queued: book.queue_position !== null,
    offered: offer !== null,
    web_readable: book.web_readable,
    loan_limit: holding.loan_limit,
    open_loans: holding.open_loans,
  };
  const button = lendingButton(input);
  const reason = lendingReason(input);
  const limited = button.action === 'borrow' && atLoanLimit(input);
  const state = membershipState(holding.has_join, holding.member_status);
  const nameId = `holding-${holding.id}`;
  const onClick = () => {
    if (button.action === 'queue') void joinBookQueue(t, holding.id);
    else if (button.action === 'joinQueue') void joinThenQueue(t, holding);
    else void actOnHolding(t, holding, button.action);
  };
  return (
    <li className="border-base-300 flex flex-wrap items-center gap-3 rounded-box border p-3">
      <Avatar name={holding.epustaka_name} id={holding.id} src={holding.epustaka_logo} className="size-11 text-sm" />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-semibold break-words">
          {holding.epustaka_name}
        </p>
        <p className="text-base-content/70 mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span className="inline-flex items-center gap-1">
            <CatalogueIcon name={holding.epustaka_isprivate ? 'lock' : 'globe'} className="size-3.5" />
            {t(holding.epustaka_isprivate ? 'catalogue.borrow.private' : 'catalogue.borrow.public')}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {book.using_drm
              ? t('catalogue.borrow.copies', { available: holding.available_qty, total: holding.total_qty })
              : t('catalogue.borrow.unlimited')}
          </span>
          {holding.queue_count > 0 ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('catalogue.borrow.queueCount', { count: holding.queue_count })}</span>
            </>
          ) : null}
          {state === 'active' ? (
            <span className="badge badge-success badge-soft badge-xs">{t('catalogue.borrow.member')}</span>
          ) : null}
        </p>
        {limited ? (
          <p className="alert alert-warning alert-soft mt-2 block px-3 py-2 text-xs" role="status" data-loan-limit>
            {t('lending.limit.reached', { open: holding.open_loans, limit: holding.loan_limit })}{' '}
            <a href="/shelf?tab=borrow" className="link font-semibold">
              {t('lending.limit.toShelf')}
            </a>
          </p>
        ) : null}
        {offer ? (
          <p className="text-success mt-1 text-xs font-semibold" data-queue-offer>
            {t('lending.offer.heldShort', { date: formatOfferDeadline(offer.expires_at, i18n.language) })}
          </p>
        ) : reason ? (
          <p className="text-base-content/70 mt-1 text-xs" data-lending-reason>
            {t(`lending.reason.${reason}`)}
          </p>
        ) : null}
      </div>
      {button.action === 'read' ? (
        <a href={readerHref(book)} className="btn btn-primary btn-sm" aria-describedby={nameId}>
          {t('catalogue.membership.read')}
        </a>
      ) : (
        <button
          type="button"
          className={`btn btn-sm ${button.action === 'borrow' || button.action === 'queue' ? 'btn-primary' : 'btn-outline btn-primary'}`}
          disabled={button.disabled || anyBusy}
          aria-describedby={nameId}
          aria-busy={busy}
          onClick={onClick}
        >
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {t(lendingLabelKey(button.label))}
        </button>
      )}
    </li>
  );
}
