import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/contract/format.ts';
import { $shipping, chooseShipping, PICKUP, setShippingAddress } from '../../lib/commerce/shipping-store.ts';
import { TAKEN_DIRECTLY } from '../../lib/commerce/values.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/**
 * Where a shipped order goes and how: the address (the profile's, editable), each courier's
 * services with their price and estimate for this order, or pickup at the store.
 */
export function ShippingStep() {
  const { t, i18n } = useTranslation();
  const state = useStore($shipping);
  if (state.loading) return <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />;
  if (state.error) {
    return (
      <p role="alert" className="alert alert-error alert-soft text-sm">
        {state.error}
      </p>
    );
  }
  const options = state.options;
  if (!options) return null;
  const isChosen = (courier: string, service: string | null) => state.chosen?.courier === courier && state.chosen.service === service;
  const option = (key: string, courier: string, service: string | null, label: string, detail: string, fee: number, etd: string) => (
    <label key={key} className={`rounded-field flex cursor-pointer items-center gap-3 border p-2 ${isChosen(courier, service) ? 'border-primary bg-primary/5' : 'border-base-300'}`}>
      <input type="radio" className="radio radio-primary radio-sm" name="shipping-service" checked={isChosen(courier, service)} onChange={() => chooseShipping({ courier, service, fee, etd })} />
      <span className="flex-1 text-sm">
        <span className="block font-medium">{label}</span>
        <span className="text-base-content/70 block text-xs">{detail}</span>
      </span>
      <span className="text-sm font-semibold tabular-nums">{formatRupiah(fee, i18n.language)}</span>
    </label>
  );
  const shipped = state.chosen !== null && state.chosen.courier !== TAKEN_DIRECTLY;
  return (
    <div className="flex flex-col gap-4" data-shipping-step>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{t('commerce.shipping.address')}</span>
        <textarea
          className="textarea w-full"
          rows={2}
          maxLength={500}
          value={state.address}
          required={shipped}
          aria-invalid={shipped && !state.address.trim()}
          onChange={(event) => setShippingAddress(event.target.value)}
        />
        <span className="text-base-content/70 text-xs">
          {options.destination_name ? t('commerce.shipping.destination', { city: options.destination_name }) : t('commerce.shipping.noDestination')}
        </span>
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('commerce.shipping.courier')}</legend>
        <div className="flex flex-col gap-2">
          {options.couriers.flatMap((courier) =>
            courier.costs.map((service) =>
              option(
                `${courier.code}-${service.service}`,
                courier.code,
                service.service,
                `${courier.code.toUpperCase()} ${service.service}`,
                `${service.description} · ${t('commerce.shipping.etd', { etd: service.cost[0]?.etd ?? '-' })}`,
                service.cost[0]?.value ?? 0,
                service.cost[0]?.etd ?? '',
              ),
            ),
          )}
          {option(TAKEN_DIRECTLY, PICKUP.courier, PICKUP.service, t('commerce.shipping.pickup'), t('commerce.shipping.pickupNote'), 0, PICKUP.etd)}
        </div>
      </fieldset>
    </div>
  );
}
