import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createT } from '../i18n/texts.server.ts';
import { $storeOrders, seedStoreOrders, setReceipt, shipOrder } from './store-orders-store.ts';
import type { StoreOrder } from './schema.ts';

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { get, put } }));

const t = createT('id');

function order(id: string, courier: string): StoreOrder {
  return { id, transaction_id: `tx-${id}`, courier_info: { code: courier, service: courier === 'jne' ? 'REG' : null, etd: null, store_phone: null } } as StoreOrder;
}

beforeEach(() => {
  get.mockReset().mockResolvedValue({ data: [], meta: { total: 0 } });
  put.mockReset().mockResolvedValue({ data: {} });
});

describe('the store\'s work list', () => {
  test('a courier order is shipped only with its waybill number; a pickup order needs none; a handled order leaves the list', async () => {
    const courier = order('a', 'jne');
    const pickup = order('b', 'taken_directly');
    seedStoreOrders([courier, pickup], 2);
    await shipOrder(t, courier);
    expect(put).not.toHaveBeenCalled();
    setReceipt('a', '  JNE123  ');
    await shipOrder(t, courier);
    expect(put).toHaveBeenLastCalledWith('webhook/transaction-shipment', { transaction_id: 'tx-a', courier: 'jne', receipt_number: 'JNE123' });
    await shipOrder(t, pickup);
    expect(put).toHaveBeenLastCalledWith('webhook/transaction-shipment', { transaction_id: 'tx-b', courier: 'taken_directly', receipt_number: undefined });
    expect($storeOrders.get().items).toEqual([]);
  });
});
