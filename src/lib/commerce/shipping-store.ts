import { map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import { getShippingOptions } from './api.ts';
import { TAKEN_DIRECTLY } from './values.ts';
import type { ShippingChoice, ShippingOptions } from './schema.ts';

/*
 * The shipping step of a shipped order's checkout: the address (the profile's, editable), the
 * courier services with their prices for this box (asked of the API, which charges the same
 * price), or pickup at the store. Only a complete choice lets the buyer go on to the methods.
 */

/** The service the buyer chose, with the price and estimate shown for it. */
export interface ChosenShipping {
  courier: string;
  service: string | null;
  fee: number;
  etd: string;
}

export interface ShippingState {
  orderBoxId: string | null;
  options: ShippingOptions | null;
  loading: boolean;
  error: string | null;
  address: string;
  chosen: ChosenShipping | null;
}

const EMPTY: ShippingState = { orderBoxId: null, options: null, loading: false, error: null, address: '', chosen: null };

export const $shipping = map<ShippingState>(EMPTY);

/** The pickup choice: no courier, no fee. */
export const PICKUP: ChosenShipping = { courier: TAKEN_DIRECTLY, service: null, fee: 0, etd: '0' };

/** Loads the options of a box once, with the profile's address prefilled. */
export async function loadShipping(t: TFunction, orderBoxId: string): Promise<void> {
  if ($shipping.get().orderBoxId === orderBoxId && $shipping.get().options) return;
  $shipping.set({ ...EMPTY, orderBoxId, loading: true });
  try {
    const options = await getShippingOptions(api, { order_box_id: orderBoxId });
    $shipping.set({ ...$shipping.get(), options, address: options.address ?? '', loading: false });
  } catch (error) {
    $shipping.set({ ...$shipping.get(), loading: false, error: errorText(t, error as never) });
  }
}

export function chooseShipping(chosen: ChosenShipping): void {
  $shipping.setKey('chosen', chosen);
}

export function setShippingAddress(address: string): void {
  $shipping.setKey('address', address);
}

/** The choice as create-transaction takes it, or null while it is incomplete. */
export function shippingChoice(state: ShippingState): ShippingChoice | null {
  const { chosen, options } = state;
  if (!chosen) return null;
  if (chosen.courier === TAKEN_DIRECTLY) return { courier: TAKEN_DIRECTLY };
  const address = state.address.trim();
  if (!address || !options?.destination || !chosen.service) return null;
  return { courier: chosen.courier, service: chosen.service, destination: options.destination, address };
}
