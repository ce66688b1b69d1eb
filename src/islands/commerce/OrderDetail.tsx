import { useStore } from '@nanostores/react';
import { formatDate, formatRupiah } from '../../lib/contract/format.ts';
import { cartHref, countdownShown, shippingEstimate, showsShipping, statusKey, statusTone } from '../../lib/commerce/display.ts';
import { footerOf } from '../../lib/commerce/rules.ts';
import { PAYMENT_STATUS } from '../../lib/commerce/values.ts';
import type { Order, OrderLine } from '../../lib/commerce/schema.ts';
import { $receipt, confirmReceived } from '../../lib/commerce/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';
import { Countdown } from './Countdown.tsx';
import { OrderLines } from './OrderLines.tsx';
import { Tracking } from './Tracking.tsx';

/** The status of an order as a badge. */
export function StatusBadge({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-soft badge-${statusTone(order.payment_status)} whitespace-nowrap`} data-status={order.payment_status}>
      {t(statusKey(order))}
    </span>
  );
}

/**
 * The detail of an order: status, its date (deadline while waiting, payment date once paid),
 * transaction code, method, lines, discount, fees, tax and bill, then what its status offers:
 * how to pay while waiting, shipping and tracking, and the footer of its status.
 */
export function OrderDetail({ order, lines, countdown = true }: { order: Order; lines: OrderLine[] | null; countdown?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const estimate = showsShipping(order.payment_status) ? shippingEstimate(order) : null;
  return (
    <div className="flex flex-col gap-4" data-order-detail={order.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusBadge order={order} />
        <span className="text-base-content/70 text-sm">
          {order.payment_status === PAYMENT_STATUS.WAITING_PAYMENT && order.expired_at
            ? t('commerce.order.expiresAt', { date: formatDate(order.expired_at, lang, 'dateTime') })
            : order.paid_at
              ? t('commerce.order.paidAt', { date: formatDate(order.paid_at, lang, 'dateTime') })
              : t('commerce.order.createdAt', { date: formatDate(order.created_at, lang, 'dateTime') })}
        </span>
      </div>
      {countdown && countdownShown(order.payment_status) ? <Countdown /> : null}
      {order.paid_late ? <p className="alert alert-warning alert-soft text-sm">{t('commerce.order.paidLate')}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {order.transaction_code ? (
          <>
            <dt className="text-base-content/70">{t('commerce.order.code')}</dt>
            <dd className="text-right font-mono" data-transaction-code>
              {order.transaction_code}
            </dd>
          </>
        ) : null}
        {order.display_name ? (
          <>
            <dt className="text-base-content/70">{t('commerce.order.method')}</dt>
            <dd className="flex items-center justify-end gap-2">
              {order.icon_url ? <img src={order.icon_url} alt="" className="h-5 w-auto" /> : null}
              <span data-payment-method>{order.display_name}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {lines ? <OrderLines lines={lines} /> : null}
      <Amounts order={order} />
      {order.payment_status === PAYMENT_STATUS.WAITING_PAYMENT && order.notes ? <p className="bg-base-200 rounded-box p-3 text-sm whitespace-pre-line">{order.notes}</p> : null}
      {order.payment_status === PAYMENT_STATUS.WAITING_PAYMENT ? <p className="text-base-content/70 text-sm">{t('commerce.order.notes')}</p> : null}
      {estimate ? (
        <p className="text-sm" data-shipping-estimate>
          {'days' in estimate ? t('commerce.order.shippingEstimate', { count: estimate.days }) : t('commerce.order.shippingEstimateText', { etd: estimate.text })}
        </p>
      ) : null}
      {order.receipt_number ? <p className="text-sm">{t('commerce.order.waybill', { number: order.receipt_number })}</p> : null}
      <Tracking order={order} />
      <Footer order={order} />
    </div>
  );
}

function Amounts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows: [string, number][] = [
    ['commerce.order.subtotal', order.amount],
    ['commerce.order.discount', -order.discount_amount],
    ['commerce.order.serviceFee', order.service_fee_amount],
    ['commerce.order.tax', order.tax_amount],
  ];
  if (order.shipping_fee_amount > 0) rows.push(['commerce.order.shippingFee', order.shipping_fee_amount]);
  return (
    <dl className="border-base-300 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-3 text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-base-content/70">{t(key)}</dt>
          <dd className="text-right tabular-nums">{formatRupiah(value, lang)}</dd>
        </div>
      ))}
      <dt className="text-base font-bold">{t('commerce.order.bill')}</dt>
      <dd className="text-right text-base font-bold tabular-nums" data-bill>
        {formatRupiah(order.bill, lang)}
      </dd>
    </dl>
  );
}

/** The footer of the order's status: pay now, complaint and pay now, order received, or nothing. */
function Footer({ order }: { order: Order }) {
  const { t } = useTranslation();
  const receipt = useStore($receipt);
  const footer = footerOf(order.payment_status);
  if (footer === 'none') return null;
  const complaint = order.complaint_url ? (
    <a href={order.complaint_url} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
      {t('commerce.order.complaint')}
    </a>
  ) : null;
  const pay =
    order.payment_status === PAYMENT_STATUS.OPEN ? (
      <a href={cartHref(order.id, order.category)} className="btn btn-primary">
        {t('commerce.order.toCart')}
      </a>
    ) : order.invoice_url ? (
      <a href={order.invoice_url} className="btn btn-primary" data-pay-now>
        {order.payment_status === PAYMENT_STATUS.WAITING_PAYMENT ? t('commerce.order.buy') : t('commerce.order.payNow')}
      </a>
    ) : null;
  if (footer === 'received') {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-primary" onClick={() => $receipt.set({ open: true, busy: false })}>
          {t('commerce.order.received')}
        </button>
        <ConfirmModal
          open={receipt.open}
          title={t('commerce.receipt.title')}
          confirmLabel={t('commerce.receipt.confirm')}
          cancelLabel={t('commerce.receipt.close')}
          tone="primary"
          busy={receipt.busy}
          onConfirm={() => void confirmReceived(t)}
          onCancel={() => $receipt.set({ open: false, busy: false })}
        >
          <p className="text-sm">{t('commerce.receipt.text')}</p>
          {complaint ? <div className="mt-3">{complaint}</div> : null}
        </ConfirmModal>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {footer === 'complaint_and_pay' ? complaint : null}
      {pay}
    </div>
  );
}
