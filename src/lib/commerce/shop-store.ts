import { map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import { notify } from '../shell/store.ts';
import { createListStore } from '../paging/list-store.ts';
import { addOrderBox, getProducts } from './api.ts';
import { COMMERCE_LIMITS } from './values.ts';
import type { Product } from './schema.ts';

/*
 * The souvenir shop (/more-edoo-toys): the products, 20 then 20 more, and the buyer's open
 * souvenir box. "Add to box" puts one piece into that box (a second time: one more piece), once
 * per click whatever the clicks: the request carries an Idempotency-Key kept until it is answered.
 */

export const shopProducts = createListStore<Product, Record<string, never>>(
  async (http, params) => {
    const body = await getProducts(http, params);
    return { data: body.data, meta: { total: body.meta.total, limit: params.limit, offset: params.offset } };
  },
  COMMERCE_LIMITS.products.default,
);

export interface ShopState {
  /** The buyer's open souvenir box, once there is one. */
  boxId: string | null;
  /** The product being added. */
  busy: string | null;
}

export const $shop = map<ShopState>({ boxId: null, busy: null });

export function seedShop(state: ShopState): void {
  $shop.set(state);
}

// The key of the addition on its way, kept for a retry of the same product.
let addKey: { productId: string; key: string } | null = null;

/** Adds one piece of a product to the buyer's souvenir box. */
export async function addProduct(t: TFunction, product: Pick<Product, 'id' | 'name'>): Promise<void> {
  if ($shop.get().busy) return;
  if (addKey?.productId !== product.id) addKey = { productId: product.id, key: crypto.randomUUID() };
  $shop.setKey('busy', product.id);
  try {
    const added = await addOrderBox(api, { order_type: 'SOUVENIR', order_type_id: product.id, number_of_copy: 1, category: 'PRODUCT', buyer_type: 'PERSONAL' }, addKey.key);
    addKey = null;
    $shop.set({ boxId: added.order_box_id, busy: null });
    notify('success', t('commerce.shop.added', { name: product.name }));
  } catch (error) {
    $shop.setKey('busy', null);
    notify('error', errorText(t, error as never));
  }
}
