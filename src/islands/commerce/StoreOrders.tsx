import type { Lang } from '../../lib/i18n/index.ts';
import type { StoreOrder } from '../../lib/commerce/schema.ts';
import { formatRupiah } from '../../lib/contract/format.ts';
import { PAYMENT_STATUS, TAKEN_DIRECTLY } from '../../lib/commerce/values.ts';
import { $storeOrders, seedStoreOrders, setReceipt, shipOrder, verifyOrderCash, type StoreOrdersState } from '../../lib/commerce/store-orders-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useSeeded } from './useSeeded.ts';

interface Props {
  lang: Lang;
  items: StoreOrder[];
  total: number;
}

function WorkList({ items, total }: Omit<Props, 'lang'>) {
  const { t, i18n } = useTranslation();
  const start: StoreOrdersState = { items, total, receipts: {}, busy: null };
  const state = useSeeded($storeOrders, () => seedStoreOrders(items, total), start);
  return (
    <section aria-labelledby="store-orders-title" className="flex flex-col gap-3" data-store-orders>
      <h2 id="store-orders-title" className="text-xl font-bold">
        {t('commerce.store.title')}
      </h2>
      {state.items.length === 0 ? <p className="text-base-content/70 text-sm">{t('commerce.store.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {state.items.map((order) => {
          const pickup = order.courier_info?.code === TAKEN_DIRECTLY;
          const busy = state.busy === order.id;
          const receiptId = `receipt-${order.id}`;
          return (
            <li key={order.id} className="border-base-300 rounded-box flex flex-col gap-2 border p-3 text-sm" data-store-order={order.id}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-mono font-semibold">{order.transaction_code}</span>
                <span className="tabular-nums">{formatRupiah(order.bill, i18n.language)}</span>
              </p>
              <p>{t('commerce.store.buyer', { name: order.buyer_name })}</p>
              <ul className="text-base-content/80 list-inside list-disc">
                {order.lines.map((line) => (
                  <li key={line.id}>
                    {line.order_object.name ?? line.order_object.title} × {line.number_of_copy}
                  </li>
                ))}
              </ul>
              <p className="text-base-content/70">
                {pickup ? t('commerce.shipping.pickup') : `${(order.courier_info?.code ?? '').toUpperCase()} ${order.courier_info?.service ?? ''} · ${order.shipping_address ?? ''}`}
              </p>
              {order.payment_status === PAYMENT_STATUS.VERIFYING ? (
                <button type="button" className="btn btn-primary btn-sm self-start" disabled={busy} onClick={() => void verifyOrderCash(t, order)}>
                  {t('commerce.store.verify')}
                </button>
              ) : pickup ? (
                <button type="button" className="btn btn-primary btn-sm self-start" disabled={busy} onClick={() => void shipOrder(t, order)}>
                  {t('commerce.store.readyButton')}
                </button>
              ) : (
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void shipOrder(t, order);
                  }}
                >
                  <label className="flex flex-col gap-1" htmlFor={receiptId}>
                    <span>{t('commerce.store.receipt')}</span>
                    <input id={receiptId} className="input input-sm" maxLength={60} required value={state.receipts[order.id] ?? ''} onChange={(event) => setReceipt(order.id, event.target.value)} />
                  </label>
                  <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !(state.receipts[order.id] ?? '').trim()}>
                    {t('commerce.store.ship')}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
/**
 * The store's work list (its administrators only): each souvenir order with its buyer, pieces,
 * courier and address; cash to verify, a waybill number to enter and Ship, or Ready for pickup.
 */
export const StoreOrders = withTexts(WorkList, ['apiErrors', 'commerce', 'common', 'errors']);
