import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { formatDate, formatRupiah } from '../../lib/contract/format.ts';
import { cartHref, clockOffset, displayTotal, paymentDetailHref } from '../../lib/commerce/display.ts';
import { PAYMENT_STATUS } from '../../lib/commerce/values.ts';
import type { Order } from '../../lib/commerce/schema.ts';
import { $detail, $order, $orders, closeDetail, openDetail, seedOrders, type OrderListState } from '../../lib/commerce/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { OrderDetail, StatusBadge } from './OrderDetail.tsx';
import { useSeeded } from './useSeeded.ts';

interface Props {
  lang: Lang;
  /**
   * `orders` (donations and products): an open box goes to its cart, any other opens its detail
   * over the list; `tryout` (/payment): an open box goes to the tryout order box, any other to its
   * payment detail.
   */
  mode: 'orders' | 'tryout';
  initial: Omit<OrderListState, 'loading' | 'error'>;
  /** An order whose detail opens at once (a cash payment lands on /transaction with it). */
  openOrder?: Order | null;
  /** The server's time when it made the page, for the countdowns' clock. */
  serverNow: string;
}

/** A page of the caller's orders of one tab and category, each leading where its status says. */
export const OrderList = withTexts(OrderListIsland, ['apiErrors', 'commerce', 'common', 'errors']);

function OrderListIsland({ mode, initial, openOrder = null, serverNow }: Props) {
  useState(() => {
    if (!import.meta.env.SSR) $order.set({ order: null, offset: clockOffset(serverNow, Date.now()) });
  });
  return (
    <>
      <Rows mode={mode} initial={initial} />
      <DetailModal openOrder={openOrder} />
    </>
  );
}

function Rows({ mode, initial }: Pick<Props, 'mode' | 'initial'>) {
  const { t } = useTranslation();
  const state = useSeeded($orders, () => seedOrders(initial), { ...initial, loading: false, error: false });
  return (
    <ul className="flex flex-col gap-3" aria-busy={state.loading} aria-label={t(`commerce.categories.${state.category}`)} data-order-list>
      {state.items.map((order) => (
        <li key={order.id}>
          <Row order={order} mode={mode} />
        </li>
      ))}
    </ul>
  );
}

function Row({ order, mode }: { order: Order; mode: Props['mode'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const content = (
    <>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge order={order} />
          <span className="text-base-content/70 text-xs">{formatDate(order.created_at, lang, 'dateTime')}</span>
        </span>
        <span className="truncate font-mono text-sm">{order.transaction_code ?? t(`commerce.categories.${order.category}`)}</span>
        <span className="text-base-content/70 text-xs">{t('commerce.order.itemCount', { count: order.item_count })}</span>
      </span>
      <span className="font-semibold tabular-nums">{formatRupiah(displayTotal(order, mode === 'orders'), lang)}</span>
    </>
  );
  const box = 'border-base-300 hover:border-primary rounded-box flex w-full items-center gap-3 border p-3 text-left transition-colors';
  if (order.payment_status === PAYMENT_STATUS.OPEN) {
    const href = mode === 'tryout' ? `/detail-order-box?order_box_id=${encodeURIComponent(order.id)}` : cartHref(order.id, order.category);
    return (
      <a href={href} className={box} data-order-row={order.id}>
        {content}
      </a>
    );
  }
  if (mode === 'tryout') {
    return (
      <a href={paymentDetailHref(order.id)} className={box} data-order-row={order.id}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={box} aria-haspopup="dialog" onClick={() => void openDetail(t, order)} data-order-row={order.id}>
      {content}
    </button>
  );
}

function DetailModal({ openOrder }: { openOrder: Order | null }) {
  const { t } = useTranslation();
  const chosen = useStore($detail);
  const live = useStore($order).order;
  // The detail follows the order's store, which its countdown keeps asking the server about.
  const order = chosen && live?.id === chosen.id ? live : chosen;
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (openOrder && !opened) {
      setOpened(true);
      void openDetail(t, openOrder);
    }
  }, [openOrder, opened, t]);

  return (
    <Modal open={order !== null} onClose={closeDetail} title={t('commerce.titles.paymentDetail')} widthClass="max-w-xl">
      {order ? (
        <>
          <OrderDetail order={order} lines={null} />
          <p className="mt-4 text-right">
            <a href={paymentDetailHref(order.id)} className="link link-primary text-sm">
              {t('commerce.order.detail')}
            </a>
          </p>
        </>
      ) : null}
    </Modal>
  );
}
