import type { OrderObject } from '../../../src/lib/commerce/schema.ts';
import { notFound } from '../../http/errors.ts';
import { describeProducts, findProduct } from '../products.repository.ts';
import { registerOrderType } from './registry.ts';

/*
 * Library souvenirs (order type SOUVENIR, category PRODUCT): priced by the product list and
 * shipped, so a paid order waits at 6 (verified) for the store to hand it to a courier. Being paid
 * gives nothing else.
 */
registerOrderType({
  orderType: 'SOUVENIR',
  category: 'PRODUCT',
  shipped: true,

  async price(db, { caller, itemId }) {
    const product = await findProduct(db, itemId, caller.organization_id);
    if (!product) throw notFound('item_not_found', 'The product could not be found.');
    return { price: product.price, discount: 0, weight: product.weight };
  },

  async describe(db, ids) {
    const rows = await describeProducts(db, ids);
    return new Map(rows.map((r): [string, OrderObject] => [r.id, { name: r.name, title: r.name, type: 'SOUVENIR', image_url: r.image_url }]));
  },

  async onPaid() {},
});
