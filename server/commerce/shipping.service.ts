import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type { ShippingChoice, ShippingCostResponse, ShippingOptions } from '../../src/lib/commerce/schema.ts';
import { COURIER_CODES, TAKEN_DIRECTLY } from '../../src/lib/commerce/schema.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { isShippedType } from './order-types/index.ts';
import { listLines, type LineRow } from './repository.ts';
import { describeProducts } from './products.repository.ts';
import { findShippingAddress } from './shipping.repository.ts';
import { commerceOf } from './runtime.ts';
import { ownOrder } from './order-box.service.ts';

/*
 * Shipping a box: its weight (each souvenir's weight × copies, at most the couriers' 30 kg), the
 * couriers' prices for it to a destination, and the fee of the buyer's choice. The price shown to
 * the buyer and the fee charged come from the same courier question, asked by the server: a fee
 * the client names is never taken.
 */

/** What a souvenir without a weight counts as, in grams. */
const DEFAULT_WEIGHT = 250;
/** The heaviest parcel the couriers take, in grams. */
const MAX_WEIGHT = 30_000;

/** The weight of the shipped lines of a box, in grams (0 when nothing in it is shipped). */
async function shippedWeight(deps: ApiDeps, lines: LineRow[]): Promise<number> {
  const shipped = lines.filter((l) => isShippedType(l.order_type));
  if (shipped.length === 0) return 0;
  const weights = new Map((await describeProducts(deps.db, shipped.map((l) => l.order_type_id))).map((p) => [p.id, p.weight]));
  return Math.min(MAX_WEIGHT, shipped.reduce((sum, l) => sum + (weights.get(l.order_type_id) ?? DEFAULT_WEIGHT) * l.number_of_copy, 0));
}

async function courierCosts(deps: ApiDeps, destination: string, weight: number): Promise<ShippingCostResponse['data']> {
  try {
    return await commerceOf(deps).shipping.cost({ origin: deps.config.commerce.shippingOrigin, destination, weight, courier: COURIER_CODES.join(':') });
  } catch (error) {
    console.error('[commerce] shipping cost', error);
    throw new ApiError(502, 'courier_unavailable', 'Shipping costs could not be read. Please try again.');
  }
}

/**
 * shipping-options: for one of the caller's boxes, the address of their profile (the destination
 * is its regency unless another is asked for) and what each courier service costs for the box.
 */
export async function shippingOptions(deps: ApiDeps, caller: UserRow, orderBoxId: string, destination?: string): Promise<ShippingOptions> {
  const order = await ownOrder(deps, caller, orderBoxId);
  const weight = await shippedWeight(deps, await listLines(deps.db, order.id));
  if (weight === 0) throw badRequest('not_shipped', 'Nothing in this order is shipped.', 'order_box_id');
  const profile = await findShippingAddress(deps.db, caller.id);
  const to = destination ?? profile?.destination ?? null;
  return {
    address: profile?.address ?? null,
    destination: to,
    destination_name: to && to === profile?.destination ? profile.destination_name : null,
    weight,
    couriers: to ? await courierCosts(deps, to, weight) : [],
  };
}

/**
 * The shipping fee and fields of a box being invoiced with the buyer's choice: nothing for a box
 * that is not shipped, no fee for pickup at the store, else the chosen service's price now.
 */
export async function shippingOf(deps: ApiDeps, lines: LineRow[], choice: ShippingChoice | undefined): Promise<{ fee: number; fields: Record<string, unknown> }> {
  const weight = await shippedWeight(deps, lines);
  if (weight === 0) return { fee: 0, fields: {} };
  if (!choice) throw badRequest('shipping_required', 'Choose how the order is delivered.', 'shipping');
  if (choice.courier === TAKEN_DIRECTLY) return { fee: 0, fields: { courier_code: TAKEN_DIRECTLY, courier_service: null, courier_etd: '0', shipping_address: null } };
  if (!choice.destination || !choice.service || !choice.address) throw badRequest('shipping_required', 'A courier service, destination and address are needed.', 'shipping');
  const couriers = await courierCosts(deps, choice.destination, weight);
  const service = couriers.find((c) => c.code === choice.courier)?.costs.find((s) => s.service === choice.service)?.cost[0];
  if (!service) throw badRequest('invalid_courier', 'That courier service does not deliver there.', 'shipping');
  return { fee: service.value, fields: { courier_code: choice.courier, courier_service: choice.service, courier_etd: service.etd, shipping_address: choice.address } };
}
