import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type { StoreOrderListResponse } from '../../src/lib/commerce/schema.ts';
import { forbidden } from '../http/errors.ts';
import { isStoreAdmin } from './fulfilment.service.ts';
import { listLines } from './repository.ts';
import { listStoreOrders } from './store.repository.ts';
import { toLines, toOrder } from './views.ts';

/*
 * The store's work list: souvenir orders of the administrator's organisation whose cash waits to be
 * verified (2) or that are paid and wait for the courier or the pickup (6), the first paid first,
 * each with its buyer, lines and shipping address. Store administrators only (403 `not_store_admin`).
 */
export async function storeOrders(deps: ApiDeps, caller: UserRow, query: { limit: number; offset: number }): Promise<StoreOrderListResponse> {
  if (!isStoreAdmin(caller)) throw forbidden('not_store_admin', 'Only a store administrator can see the store\'s orders.');
  const { rows, total } = await listStoreOrders(deps.db, caller.organization_id, [2, 6], query);
  const data = await Promise.all(rows.map(async (row) => ({
    ...toOrder(row, { adminChatNumber: deps.config.commerce.adminChatNumber }),
    buyer_name: row.buyer_name,
    shipping_address: row.shipping_address,
    lines: await toLines(deps.db, await listLines(deps.db, row.id)),
  })));
  return { data, meta: { total, limit: query.limit, offset: query.offset } };
}
