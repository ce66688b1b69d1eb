import type { Lang } from '../../lib/i18n/index.ts';
import { formatRupiah } from '../../lib/contract/format.ts';
import type { OrderCategory, OrderLine } from '../../lib/commerce/schema.ts';
import { $cart, cartTotal, openCheckout, removeLine, seedCart, type CartState } from '../../lib/commerce/store.ts';
import { useSeeded } from './useSeeded.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Checkout } from './Checkout.tsx';
import { OrderLines } from './OrderLines.tsx';

interface Props {
  lang: Lang;
  orderBoxId: string;
  category: OrderCategory;
  lines: OrderLine[];
  /** Where the page goes once its last line is removed. */
  emptyHref: string;
}

/** The order box under review: its lines (each removable), the total, a notice and Continue payment. */
export const Cart = withTexts(CartIsland, ['apiErrors', 'commerce', 'common', 'errors']);

function CartIsland({ orderBoxId, category, lines, emptyHref }: Props) {
  const initial: CartState = { orderBoxId, category, lines, busy: null };
  return <Review initial={initial} emptyHref={emptyHref} />;
}

function Review({ initial, emptyHref }: { initial: CartState; emptyHref: string }) {
  const { t, i18n } = useTranslation();
  const cart = useSeeded($cart, () => seedCart(initial), initial);
  return (
    <div className="flex flex-col gap-4">
      <OrderLines lines={cart.lines} busy={cart.busy} onDelete={(line) => void removeLine(t, line.id, emptyHref)} />
      <p className="alert alert-info alert-soft text-sm">{t('commerce.cart.notice')}</p>
      <div className="border-base-300 bg-base-100 sticky bottom-0 flex flex-wrap items-center justify-between gap-3 border-t py-3">
        <p>
          <span className="text-base-content/70 mr-2 text-sm">{t('commerce.order.total')}</span>
          <span className="text-xl font-bold tabular-nums" data-cart-total>
            {formatRupiah(cartTotal(cart.lines), i18n.language)}
          </span>
        </p>
        <button type="button" className="btn btn-primary" aria-haspopup="dialog" disabled={cart.lines.length === 0 || cart.busy !== null} onClick={() => void openCheckout(t, { orderBoxId: cart.orderBoxId, category: cart.category })}>
          {t('commerce.cart.continue')}
        </button>
      </div>
      <Checkout orderBoxId={cart.orderBoxId} category={cart.category} lines={cart.lines} />
    </div>
  );
}
