import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { formatDate, formatRupiah } from '../../lib/contract/format.ts';
import { statusKey, statusTone } from '../../lib/commerce/display.ts';
import { PAYMENT_STATUS } from '../../lib/commerce/values.ts';
import { $received, decideLate, loadReceived, verifyCash } from '../../lib/commerce/received-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/**
 * The donations a library received, on its owner's administration screen: donor, book, copies,
 * total and status; a cash donation waiting for verification has the button that confirms it.
 */
export const ReceivedDonations = withTexts(ReceivedDonationsIsland, ['apiErrors', 'commerce', 'errors']);

function ReceivedDonationsIsland({ epustakaId }: { lang: Lang; epustakaId: string }) {
  return <List epustakaId={epustakaId} />;
}

function List({ epustakaId }: { epustakaId: string }) {
  const { t, i18n } = useTranslation();
  const state = useStore($received);
  useEffect(() => {
    void loadReceived(epustakaId);
  }, [epustakaId]);
  const lang = i18n.language;
  return (
    <section aria-labelledby="received-donations" className="flex flex-col gap-3" data-received-donations>
      <h2 id="received-donations" className="text-lg font-bold">
        {t('commerce.received.title')}
      </h2>
      {state.error ? <p role="alert" className="alert alert-error alert-soft text-sm">{t('commerce.order.loadError')}</p> : null}
      {!state.loading && !state.error && state.items.length === 0 ? <p className="text-base-content/70 text-sm">{t('commerce.received.empty')}</p> : null}
      <ul className="flex flex-col gap-2" aria-busy={state.loading}>
        {state.items.map((donation) => (
          <li key={donation.order_box_id} className="border-base-300 rounded-box flex flex-wrap items-center gap-3 border p-3" data-received={donation.order_box_id}>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{donation.book.book_title}</p>
              <p className="text-base-content/70 text-xs">
                {t('commerce.received.line', { name: donation.donor.name, count: donation.number_of_copy })} · {formatDate(donation.created_at, lang, 'dateTime')}
              </p>
              {donation.paid_late && donation.late_decision === null ? <p className="text-warning text-xs">{t('commerce.received.paidLate')}</p> : null}
              {donation.late_decision ? <p className="text-base-content/70 text-xs">{t(`commerce.received.${donation.late_decision}`)}</p> : null}
            </div>
            <span className="font-semibold tabular-nums">{formatRupiah(donation.total, lang)}</span>
            <span className={`badge badge-soft badge-${statusTone(donation.payment_status)}`} data-status={donation.payment_status}>
              {t(statusKey({ payment_status: donation.payment_status, courier_info: null }))}
            </span>
            {donation.payment_status === PAYMENT_STATUS.VERIFYING && donation.payment_type === 'cash' ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={state.busy !== null} aria-busy={state.busy === donation.transaction_id} onClick={() => void verifyCash(t, donation)}>
                {t('commerce.received.verify')}
              </button>
            ) : null}
            {donation.paid_late && donation.late_decision === null ? (
              <span className="flex gap-2">
                <button type="button" className="btn btn-primary btn-sm" disabled={state.busy !== null} onClick={() => void decideLate(t, donation, 'accept')}>
                  {t('commerce.received.accept')}
                </button>
                <button type="button" className="btn btn-outline btn-sm" disabled={state.busy !== null} onClick={() => void decideLate(t, donation, 'refund')}>
                  {t('commerce.received.refund')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
