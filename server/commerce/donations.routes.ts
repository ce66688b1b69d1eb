import { Hono } from 'hono';
import {
  donationBookListQuerySchema,
  donationEpustakaListQuerySchema,
  epustakaDonationListQuerySchema,
  productListQuerySchema,
  selfDonationListQuerySchema,
} from '../../src/lib/commerce/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { donationBookList, donationEpustakaList, epustakaDonationList, hasEpustaka, selfDonationList } from './donations.service.ts';
import { listProducts } from './products.repository.ts';

/** webhook/donation-book-list, donation-epustaka-list, has-epustaka, self-donation-list, epustaka-donation-list and product-list. */
export function donationRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/donation-book-list', auth, async (c) => c.json(await donationBookList(deps, c.get('caller').user, queryParams(c, donationBookListQuerySchema))));
  app.get('/donation-epustaka-list', auth, async (c) => c.json(await donationEpustakaList(deps, c.get('caller').user, queryParams(c, donationEpustakaListQuerySchema))));
  app.get('/has-epustaka', auth, async (c) => c.json(await hasEpustaka(deps, c.get('caller').user)));
  app.get('/self-donation-list', auth, async (c) => c.json(await selfDonationList(deps, c.get('caller').user, queryParams(c, selfDonationListQuerySchema))));
  app.get('/epustaka-donation-list', auth, async (c) => c.json(await epustakaDonationList(deps, c.get('caller').user, queryParams(c, epustakaDonationListQuerySchema))));

  app.get('/product-list', auth, async (c) => {
    const query = queryParams(c, productListQuerySchema);
    const { rows, total } = await listProducts(deps.db, c.get('caller').user.organization_id, query);
    const data = rows.map((r) => ({ id: r.id, name: r.name, description: r.description, image_url: r.image_url, price: r.price, weight: r.weight, pre_order: r.pre_order, shipping_duration: r.shipping_duration }));
    return c.json({ data, meta: { total, limit: query.limit, offset: query.offset } });
  });

  return app;
}
