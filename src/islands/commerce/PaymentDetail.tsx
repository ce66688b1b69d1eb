import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { Order, OrderLine } from '../../lib/commerce/schema.ts';
import { $order, seedOrder } from '../../lib/commerce/store.ts';
import { withTexts } from '../shell/I18nRoot.tsx';
import { OrderDetail } from './OrderDetail.tsx';

interface Props {
  lang: Lang;
  order: Order;
  lines: OrderLine[];
  /** The server's time when it made the page, for the countdown's clock. */
  serverNow: string;
}

/**
 * The payment detail of one order. It follows the order's store, which the countdown island beside
 * it keeps asking the server about: a payment or an expiry shows here without a reload.
 */
export const PaymentDetail = withTexts(PaymentDetailIsland, ['apiErrors', 'commerce', 'common', 'errors']);

function PaymentDetailIsland({ order, lines, serverNow }: Props) {
  useState(() => {
    if (!import.meta.env.SSR) seedOrder(order, serverNow);
  });
  return <Live initial={order} lines={lines} />;
}

function Live({ initial, lines }: { initial: Order; lines: OrderLine[] }) {
  const live = useStore($order).order;
  const order = import.meta.env.SSR || !live ? initial : live;
  return <OrderDetail order={order} lines={lines} countdown={false} />;
}
