import { createHash } from 'node:crypto';
import type { ManifestEntry, ShippingCostResponse, Waybill } from '../../src/lib/commerce/schema.ts';
import type { CommerceSettings } from './settings.ts';

/*
 * The courier adapter, in RajaOngkir's shapes: `cost` (POST /cost: per courier, each service's
 * price and estimated days) and `waybill` (POST /waybill: delivery_status and manifest). The
 * built-in sandbox answers the same shapes without any network: costs from the weight and the
 * destination, and for a receipt number a deterministic story (delivered, in transit, returned or
 * not found). Manifests are answered newest first, whatever order the courier gave.
 */

export interface ShippingProvider {
  cost(input: { origin: string; destination: string; weight: number; courier: string }): Promise<ShippingCostResponse['data']>;
  /** The tracking of a receipt, or null when the courier does not know it. */
  waybill(courier: string, receiptNumber: string): Promise<Waybill | null>;
}

/** Couriers the sandbox knows, with their services: [service, description, price per kg, etd]. */
const SANDBOX_COURIERS: Record<string, { name: string; services: [string, string, number, string][] }> = {
  jne: { name: 'Jalur Nugraha Ekakurir (JNE)', services: [['REG', 'Layanan Reguler', 18_000, '2-3'], ['YES', 'Yakin Esok Sampai', 32_000, '1-1']] },
  pos: { name: 'POS Indonesia (POS)', services: [['Pos Reguler', 'Pos Reguler', 15_000, '3-5']] },
  tiki: { name: 'Citra Van Titipan Kilat (TIKI)', services: [['REG', 'Regular Service', 17_000, '3-4'], ['ONS', 'Over Night Service', 29_000, '1']] },
};

/** Sorts manifest entries newest first by date and time. */
export function newestFirst(manifest: ManifestEntry[]): ManifestEntry[] {
  return [...manifest].sort((a, b) => `${b.manifest_date} ${b.manifest_time}`.localeCompare(`${a.manifest_date} ${a.manifest_time}`));
}

function sandboxCost(input: { destination: string; weight: number; courier: string }): ShippingCostResponse['data'] {
  const kg = Math.max(1, Math.ceil(input.weight / 1000));
  // Farther destinations (by the city id's last digit) cost up to 40 % more.
  const distance = 100 + (Number(input.destination.replace(/\D/g, '').slice(-1)) || 0) * 4;
  return input.courier.toLowerCase().split(':').filter((code) => SANDBOX_COURIERS[code]).map((code) => ({
    code,
    name: SANDBOX_COURIERS[code]!.name,
    costs: SANDBOX_COURIERS[code]!.services.map(([service, description, perKg, etd]) => ({
      service,
      description,
      cost: [{ value: Math.floor((perKg * kg * distance) / 100), etd, note: '' }],
    })),
  }));
}

/** The sandbox's story of a receipt number: chosen by its hash, the same every time. */
function sandboxWaybill(receiptNumber: string): Waybill | null {
  const h = createHash('sha256').update(receiptNumber).digest();
  const kind = h[0]! % 8; // 0–3 delivered, 4–5 in transit, 6 returned, 7 unknown
  if (kind === 7 || receiptNumber.toUpperCase().startsWith('UNKNOWN')) return null;
  const day = 1 + (h[1]! % 20);
  const date = (d: number) => `2026-11-${String(Math.min(28, day + d)).padStart(2, '0')}`;
  const steps: ManifestEntry[] = [
    { manifest_code: '1', manifest_description: 'Manifested', manifest_date: date(0), manifest_time: '09:12:00', city_name: 'JAKARTA SELATAN' },
    { manifest_code: '2', manifest_description: 'On transit', manifest_date: date(0), manifest_time: '21:40:00', city_name: 'JAKARTA' },
    { manifest_code: '3', manifest_description: 'Received at destination', manifest_date: date(1), manifest_time: '07:05:00', city_name: 'BANDUNG' },
  ];
  if (kind <= 3) steps.push({ manifest_code: '4', manifest_description: 'Delivered to BUDI', manifest_date: date(2), manifest_time: '10:30:00', city_name: 'BANDUNG' });
  if (kind === 6) steps.push({ manifest_code: '5', manifest_description: 'Returned to shipper', manifest_date: date(3), manifest_time: '15:00:00', city_name: 'JAKARTA SELATAN' });
  const shown = kind >= 4 && kind <= 5 ? steps.slice(0, 2 + (kind - 4)) : steps;
  const delivered = kind <= 3;
  return {
    delivered,
    delivery_status: {
      status: delivered ? 'DELIVERED' : kind === 6 ? 'RETURNED' : 'ON PROCESS',
      pod_receiver: delivered ? 'BUDI' : '',
      pod_date: delivered ? date(2) : '',
      pod_time: delivered ? '10:30:00' : '',
    },
    // Shuffled as a courier may send it; the caller's sort puts the newest first.
    manifest: newestFirst(shown).reverse(),
  };
}

/** The sandbox courier. */
export const sandboxShipping: ShippingProvider = {
  cost: async (input) => sandboxCost(input),
  waybill: async (_courier, receipt) => sandboxWaybill(receipt),
};

/** The RajaOngkir adapter (`key` header, form bodies, answers under `rajaongkir`). */
export function rajaOngkirShipping(settings: CommerceSettings, fetchFn: typeof fetch = fetch): ShippingProvider {
  async function post(path: string, form: Record<string, string>): Promise<any> {
    const res = await fetchFn(`${settings.shippingBaseUrl}${path}`, {
      method: 'POST',
      headers: { key: settings.shippingKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as { rajaongkir?: any };
    return json.rajaongkir;
  }
  return {
    async cost(input) {
      const r = await post('/cost', { origin: input.origin, destination: input.destination, weight: String(input.weight), courier: input.courier });
      if (r?.status?.code !== 200) throw new Error(`RajaOngkir cost failed: ${r?.status?.description ?? 'no answer'}`);
      return r.results;
    },
    async waybill(courier, receipt) {
      const r = await post('/waybill', { waybill: receipt, courier });
      if (r?.status?.code !== 200 || !r.result) return null;
      return { delivered: Boolean(r.result.delivered), delivery_status: r.result.delivery_status, manifest: r.result.manifest ?? [] };
    },
  };
}

/** The provider the settings choose. */
export function shippingProvider(settings: CommerceSettings): ShippingProvider {
  return settings.shipping === 'rajaongkir' ? rajaOngkirShipping(settings) : sandboxShipping;
}
