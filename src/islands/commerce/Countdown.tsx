import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { countdownShown, formatCountdown } from '../../lib/commerce/display.ts';
import { secondsLeft, showsCountdown } from '../../lib/commerce/rules.ts';
import type { Order } from '../../lib/commerce/schema.ts';
import { $order, orderSecondsLeft, orderView, refreshOrder, seedOrder, type OrderView } from '../../lib/commerce/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/** How often an order waiting for payment is asked for again, so a payment or an expiry shows without a reload. */
const POLL_MS = 10_000;

/**
 * The time left to pay the order on screen, every second, to the server's deadline by the
 * server's clock; 0:00 once it is over. While the order waits for payment the server is asked
 * again now and then, and at 0:00, so what the gateway or the expiry decided shows here.
 */
export function Countdown({ initial, initialNow }: { initial?: OrderView; initialNow?: string }) {
  const { t } = useTranslation();
  const live = useStore($order);
  const view = import.meta.env.SSR && initial ? initial : live;
  const status = view.order?.payment_status;
  // The first render shows the seconds left when the server made the page, the same on the server
  // and in the browser; the clock runs from then on.
  const [left, setLeft] = useState(() => (initial ? secondsLeft(initial.order?.expired_at ?? null, Date.parse(initialNow ?? '')) : orderSecondsLeft(view)));

  useEffect(() => {
    setLeft(orderSecondsLeft($order.get()));
    if (status === undefined || !showsCountdown(status)) return;
    const tick = setInterval(() => setLeft(orderSecondsLeft($order.get())), 1000);
    const poll = setInterval(() => void refreshOrder(), POLL_MS);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [status, view.order?.expired_at]);

  // At 0:00 the server decides the order's fate: ask it at once.
  useEffect(() => {
    if (left === 0 && status !== undefined && showsCountdown(status)) void refreshOrder();
  }, [left, status]);

  if (!view.order || !countdownShown(view.order.payment_status)) return null;
  // A cancelled order's time is over whatever its deadline said.
  const over = left === 0 || !showsCountdown(view.order.payment_status);
  return (
    <div role="timer" aria-live="off" className={`rounded-box flex items-center justify-between gap-3 p-3 ${over ? 'bg-error/10' : 'bg-warning/10'}`} data-countdown>
      <span className="text-sm">{over ? t('commerce.countdown.expired') : t('commerce.order.timeLeft')}</span>
      <span className="font-mono text-xl font-bold tabular-nums" data-countdown-value>
        {formatCountdown(over || !showsCountdown(view.order.payment_status) ? 0 : left)}
      </span>
    </div>
  );
}

/** The countdown as an island of its own, beside the payment detail, sharing the order's store. */
export const PaymentCountdown = withTexts(PaymentCountdownIsland, ['apiErrors', 'commerce', 'errors']);

function PaymentCountdownIsland({ order, serverNow }: { lang: Lang; order: Order; serverNow: string }) {
  const initial = orderView(order, serverNow);
  useState(() => {
    if (!import.meta.env.SSR) seedOrder(order, serverNow);
  });
  return <Countdown initial={initial} initialNow={serverNow} />;
}
