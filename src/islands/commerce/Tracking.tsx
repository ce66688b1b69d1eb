import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Order } from '../../lib/commerce/schema.ts';
import { $tracking, loadTracking } from '../../lib/commerce/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

/**
 * The shipment's tracking, folded until opened: the delivery status and the manifest as the
 * courier reports it, newest first, the newest entry highlighted.
 */
export function Tracking({ order }: { order: Order }) {
  const { t } = useTranslation();
  const state = useStore($tracking);
  const [open, setOpen] = useState(false);
  const panel = useId();

  useEffect(() => {
    if (open) void loadTracking(order);
  }, [open, order]);

  if (!order.receipt_number) return null;
  const waybill = state.receipt === order.receipt_number ? state.waybill : null;
  return (
    <section className="border-base-300 rounded-box border" data-tracking>
      <button type="button" className="flex w-full items-center justify-between gap-2 p-3 text-left font-semibold" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <span>{t('commerce.tracking.title')}</span>
        <CatalogueIcon name="chevronDown" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panel} hidden={!open} className="border-base-300 border-t p-3 text-sm">
        {state.loading ? <span className="loading loading-spinner loading-sm" aria-label={t('common.loading')} /> : null}
        {state.error ? <p role="alert">{t('commerce.tracking.error')}</p> : null}
        {waybill ? (
          <>
            <p className="font-semibold">{waybill.delivery_status.status}</p>
            {waybill.delivery_status.pod_receiver ? (
              <p className="text-base-content/70">
                {t('commerce.tracking.receiver', { name: waybill.delivery_status.pod_receiver })} · {waybill.delivery_status.pod_date} {waybill.delivery_status.pod_time}
              </p>
            ) : null}
            {waybill.manifest.length === 0 ? <p className="mt-2">{t('commerce.tracking.none')}</p> : null}
            <ol className="mt-3 flex flex-col gap-2">
              {waybill.manifest.map((entry, index) => (
                <li key={`${entry.manifest_code}-${index}`} className={`rounded-field border-l-4 p-2 ${index === 0 ? 'border-primary bg-primary/10 font-semibold' : 'border-base-300'}`} data-latest={index === 0 ? true : undefined}>
                  <p>{entry.manifest_description}</p>
                  <p className="text-base-content/70 text-xs">
                    {entry.manifest_date} {entry.manifest_time} · {entry.city_name}
                    {index === 0 ? <span className="badge badge-primary badge-xs ml-2">{t('commerce.tracking.latest')}</span> : null}
                  </p>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </section>
  );
}
