import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/contract/format.ts';
import { computeBill } from '../../lib/commerce/rules.ts';
import { PAYMENT_GROUPS, SHIPPED_CATEGORIES, type OrderCategory } from '../../lib/commerce/values.ts';
import type { OrderLine } from '../../lib/commerce/schema.ts';
import { $checkout, checkoutClosed, checkoutStep, chooseMethod, pay } from '../../lib/commerce/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { $shipping, shippingChoice } from '../../lib/commerce/shipping-store.ts';
import { ShippingStep } from './ShippingStep.tsx';

/**
 * Paying an order box: for a shipped order first where to and how, then the method chooser (cash,
 * virtual accounts, e-wallets and QRIS, convenience stores), then the summary with the admin fee
 * and tax of that method (and the shipping fee), then Pay now.
 */
export function Checkout({ orderBoxId, category, lines }: { orderBoxId: string; category: OrderCategory; lines: readonly OrderLine[] }) {
  const { t } = useTranslation();
  const state = useStore($checkout);
  const shipping = useStore($shipping);
  const shipped = SHIPPED_CATEGORIES.includes(category);
  return (
    <>
      {shipped ? (
        <Modal
          open={state.step === 'shipping'}
          onClose={() => checkoutClosed('shipping')}
          title={t('commerce.shipping.title')}
          footer={
            <button type="button" className="btn btn-primary" disabled={!shippingChoice(shipping)} onClick={() => checkoutStep('methods')}>
              {t('commerce.methods.next')}
            </button>
          }
        >
          <ShippingStep />
        </Modal>
      ) : null}
      <Modal
        open={state.step === 'methods'}
        onClose={() => checkoutClosed('methods')}
        title={t('commerce.methods.title')}
        footer={
          <>
            {shipped ? (
              <button type="button" className="btn btn-ghost" onClick={() => checkoutStep('shipping')}>
                {t('commerce.methods.back')}
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" disabled={!state.chosen} onClick={() => checkoutStep('summary')}>
              {t('commerce.methods.next')}
            </button>
          </>
        }
      >
        <Methods />
      </Modal>
      <Modal
        open={state.step === 'summary'}
        onClose={() => checkoutClosed('summary')}
        title={t('commerce.methods.summary')}
        footer={
          <>
            <button type="button" className="btn btn-ghost" disabled={state.busy} onClick={() => checkoutStep('methods')}>
              {t('commerce.methods.back')}
            </button>
            <button type="button" className="btn btn-primary" disabled={state.busy} aria-busy={state.busy} onClick={() => void pay(t, orderBoxId, category)}>
              {state.busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {state.busy ? t('commerce.methods.paying') : t('commerce.methods.payNow')}
            </button>
          </>
        }
      >
        <Summary lines={lines} shippingFee={shipped ? (shipping.chosen?.fee ?? 0) : null} />
      </Modal>
    </>
  );
}

function Methods() {
  const { t } = useTranslation();
  const state = useStore($checkout);
  if (state.loading) return <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />;
  if (state.error && !state.methods) {
    return (
      <p role="alert" className="alert alert-error alert-soft text-sm">
        {state.error}
      </p>
    );
  }
  const groups = PAYMENT_GROUPS.filter((group) => (state.methods?.[group].length ?? 0) > 0);
  if (groups.length === 0) return <p className="py-4 text-center">{t('commerce.methods.none')}</p>;
  return (
    <div className="flex flex-col gap-4" data-payment-methods>
      {groups.map((group) => (
        <fieldset key={group}>
          <legend className="mb-2 text-sm font-semibold">{t(`commerce.methods.groups.${group}`)}</legend>
          {group === 'cash' ? <p className="text-base-content/70 mb-2 text-xs">{t('commerce.methods.cashNote')}</p> : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {state.methods![group].map((method) => (
              <label key={method.payment_type} className={`rounded-field flex cursor-pointer items-center gap-3 border p-2 ${state.chosen?.payment_type === method.payment_type ? 'border-primary bg-primary/5' : 'border-base-300'}`}>
                <input type="radio" className="radio radio-primary radio-sm" name="payment-method" value={method.payment_type} checked={state.chosen?.payment_type === method.payment_type} onChange={() => chooseMethod(method)} />
                <img src={method.icon_url} alt="" className="h-6 w-10 object-contain" />
                <span className="text-sm">{method.display_name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function Summary({ lines, shippingFee }: { lines: readonly OrderLine[]; shippingFee: number | null }) {
  const { t, i18n } = useTranslation();
  const state = useStore($checkout);
  if (!state.chosen) return null;
  const bill = computeBill(lines, state.chosen, shippingFee ?? 0);
  const lang = i18n.language;
  const rows: [string, number][] = [
    ['commerce.order.subtotal', bill.amount],
    ['commerce.order.discount', -bill.discount_amount],
    ['commerce.methods.adminFee', bill.service_fee_amount],
    ['commerce.order.tax', bill.tax_amount],
  ];
  if (shippingFee !== null) rows.push(['commerce.order.shippingFee', bill.shipping_fee_amount]);
  return (
    <div className="flex flex-col gap-3" data-payment-summary>
      <p className="flex items-center gap-2 font-semibold">
        <img src={state.chosen.icon_url} alt="" className="h-6 w-10 object-contain" />
        {state.chosen.display_name}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-base-content/70">{t(key)}</dt>
            <dd className="text-right tabular-nums">{formatRupiah(value, lang)}</dd>
          </div>
        ))}
        <dt className="text-base font-bold">{t('commerce.order.bill')}</dt>
        <dd className="text-right text-base font-bold tabular-nums" data-summary-bill>
          {formatRupiah(bill.bill, lang)}
        </dd>
      </dl>
      {state.error ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
