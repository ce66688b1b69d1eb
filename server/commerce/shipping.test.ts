import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, signIn, type Caller } from '../test/catalogue.ts';
import { createProduct, gatewayOrderIdOf, sandboxDecide, statusOf } from './testing.ts';
import { newestFirst, sandboxShipping } from './shipping.ts';

let ctx: TestContext;
let buyer: Caller;
let admin: { id: string; token: string };
let product: string;

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createCaller(ctx);
  const user = await ctx.createUser({ role: 305 });
  admin = { id: user.id, token: await signIn(ctx, user) };
  product = await createProduct(ctx, 75_000, 600);
});
afterAll(() => ctx.close());

async function orderProduct(copies = 2) {
  const add = await ctx.request('POST', '/webhook/add-order-box', { token: buyer.token, body: { order_type: 'SOUVENIR', order_type_id: product, number_of_copy: copies, category: 'PRODUCT' } });
  expect(add.status).toBe(201);
  return add.body.data.order_box_id as string;
}

describe('shipping', () => {
  test('shipping-cost answers RajaOngkir shapes per courier and service', async () => {
    const res = await ctx.request('POST', '/webhook/shipping-cost', { token: buyer.token, body: { destination: '23', weight: 1200, courier: 'jne' } });
    expect(res.body.data[0]).toMatchObject({ code: 'jne', costs: [{ service: 'REG', cost: [{ etd: '2-3' }] }, { service: 'YES' }] });
    expect(Number.isInteger(res.body.data[0].costs[0].cost[0].value)).toBe(true);
    expect((await ctx.request('POST', '/webhook/shipping-cost', { token: buyer.token, body: { destination: '23', weight: 0, courier: 'jne' } })).body.errors[0].code).toBe('invalid_weight');
  });

  test('shipping-options offers the profile\'s address and the couriers\' prices for the box, which is what create-transaction charges', async () => {
    const { rows } = await ctx.db.query<{ code: string; regency_code: string }>('SELECT code, regency_code FROM districts ORDER BY code LIMIT 1');
    await ctx.db.query('UPDATE users SET address = $2, district_id = $3 WHERE id = $1', [buyer.id, 'Jl. Dago 12, Bandung', rows[0]!.code]);
    const box = await orderProduct(3);
    const options = await ctx.request('GET', `/webhook/shipping-options?order_box_id=${box}`, { token: buyer.token });
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({ address: 'Jl. Dago 12, Bandung', destination: rows[0]!.regency_code, weight: 1_800 });
    expect(options.body.data.couriers.map((c: { code: string }) => c.code)).toEqual(['jne', 'pos', 'tiki']);
    const yes = options.body.data.couriers[0].costs.find((s: { service: string }) => s.service === 'YES').cost[0].value;
    const shipping = { courier: 'jne', service: 'YES', destination: options.body.data.destination, address: options.body.data.address };
    const forged = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bca_va', shipping: { ...shipping, service: 'FREE' } } });
    expect([forged.status, forged.body.errors[0].code]).toEqual([400, 'invalid_courier']);
    const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bca_va', shipping } });
    expect(tx.body.data.bill).toBe(225_000 + 4_000 + 440 + yes);
    const stranger = await createCaller(ctx);
    expect((await ctx.request('GET', `/webhook/shipping-options?order_box_id=${box}`, { token: stranger.token })).status).toBe(404);
    const donation = await ctx.db.query<{ id: string }>("INSERT INTO order_boxes (user_id, category) VALUES ($1, 'DONATION') RETURNING id", [buyer.id]);
    const notShipped = await ctx.request('GET', `/webhook/shipping-options?order_box_id=${donation.rows[0]!.id}`, { token: buyer.token });
    expect([notShipped.status, notShipped.body.errors[0].code]).toEqual([400, 'not_shipped']);
  });

  test('a product order needs shipping, is verified when paid, shipped, tracked and received', async () => {
    const box = await orderProduct(2);
    const noShipping = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bni_va' } });
    expect(noShipping.body.errors[0].code).toBe('shipping_required');
    const shipping = { courier: 'jne', service: 'REG', destination: '23', address: 'Jl. Merdeka 1, Bandung' };
    const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bni_va', shipping } });
    expect(tx.status).toBe(201);
    const order = (await ctx.request('GET', `/webhook/invoice-status?order_box_id=${box}`, { token: buyer.token })).body.data;
    expect(order.shipping_fee_amount).toBeGreaterThan(0);
    expect(order.bill).toBe(150_000 + 4_000 + 440 + order.shipping_fee_amount);
    expect(order.courier_info).toMatchObject({ code: 'jne', service: 'REG', etd: '2-3' });

    await sandboxDecide(ctx, await gatewayOrderIdOf(ctx, box), 'pay');
    expect(await statusOf(ctx, buyer.token, box)).toBe(6);
    const transactionId = tx.body.data.transaction_id;

    const early = await ctx.request('PUT', '/webhook/transaction-status', { token: buyer.token, body: { transaction_id: transactionId } });
    expect([early.status, early.body.errors[0].code]).toEqual([409, 'invalid_transition']);
    const notAdmin = await ctx.request('PUT', '/webhook/transaction-shipment', { token: buyer.token, body: { transaction_id: transactionId, courier: 'jne', receipt_number: 'JNE0001' } });
    expect(notAdmin.status).toBe(403);
    const shipped = await ctx.request('PUT', '/webhook/transaction-shipment', { token: admin.token, body: { transaction_id: transactionId, courier: 'jne', receipt_number: 'JNE0001' } });
    expect(shipped.body.data.payment_status).toBe(7);

    const track = await ctx.request('POST', '/webhook/shipping-waybill', { token: buyer.token, body: { courier: 'jne', receipt_number: 'JNE0001' } });
    expect(track.status).toBe(200);
    const manifest = track.body.data.manifest;
    expect(manifest).toEqual(newestFirst(manifest));
    expect(track.body.data.delivery_status).toHaveProperty('pod_receiver');
    const stranger = await createCaller(ctx);
    expect((await ctx.request('POST', '/webhook/shipping-waybill', { token: stranger.token, body: { courier: 'jne', receipt_number: 'JNE0001' } })).status).toBe(404);
    expect((await ctx.request('PUT', '/webhook/transaction-status', { token: stranger.token, body: { transaction_id: transactionId } })).status).toBe(404);

    const received = await ctx.request('PUT', '/webhook/transaction-status', { token: buyer.token, body: { transaction_id: transactionId } });
    expect(received.body.data.payment_status).toBe(8);
    const history = await ctx.request('GET', '/webhook/order-box-list?status=completed&category=PRODUCT', { token: buyer.token });
    expect(history.body.data.map((o: { id: string }) => o.id)).toContain(box);
    const { rows } = await ctx.db.query<{ event: string }>("SELECT event FROM notifications WHERE user_id = $1 AND type = 'TRANSACTION' ORDER BY created_at", [buyer.id]);
    expect(rows.map((r) => r.event)).toEqual(['payment_paid', 'order_shipped', 'order_received']);
  });

  test('store-order-list: the store\'s administrators see the paid orders to ship and the cash to verify, oldest first; nobody else does', async () => {
    const box = await orderProduct(1);
    const shipping = { courier: 'jne', service: 'REG', destination: '23', address: 'Jl. Braga 5, Bandung' };
    const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bri_va', shipping } });
    const cash = await orderProduct(1);
    await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: cash, category: 'PRODUCT', payment_type: 'cash', shipping: { courier: 'taken_directly' } } });
    const before = await ctx.request('GET', '/webhook/store-order-list', { token: admin.token });
    expect(before.body.data.map((o: { id: string }) => o.id)).not.toContain(box);
    await sandboxDecide(ctx, await gatewayOrderIdOf(ctx, box), 'pay');
    const list = await ctx.request('GET', '/webhook/store-order-list', { token: admin.token });
    expect(list.status).toBe(200);
    const paid = list.body.data.find((o: { id: string }) => o.id === box);
    expect(paid).toMatchObject({ payment_status: 6, buyer_name: expect.any(String), shipping_address: 'Jl. Braga 5, Bandung', courier_info: { code: 'jne', service: 'REG' } });
    expect(paid.lines[0]).toMatchObject({ order_type: 'SOUVENIR', number_of_copy: 1 });
    expect(list.body.data.find((o: { id: string }) => o.id === cash)).toMatchObject({ payment_status: 2, shipping_address: null });
    expect(list.body.data.every((o: { payment_status: number }) => [2, 6].includes(o.payment_status))).toBe(true);
    await ctx.request('PUT', '/webhook/transaction-shipment', { token: admin.token, body: { transaction_id: tx.body.data.transaction_id, courier: 'jne', receipt_number: 'JNE-LIST-1' } });
    const after = await ctx.request('GET', '/webhook/store-order-list', { token: admin.token });
    expect(after.body.data.map((o: { id: string }) => o.id)).not.toContain(box);
    const refused = await ctx.request('GET', '/webhook/store-order-list', { token: buyer.token });
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, 'not_store_admin']);
  });

  test('pickup orders need no waybill', async () => {
    const box = await orderProduct(1);
    const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'cash', shipping: { courier: 'taken_directly' } } });
    expect(tx.body.data).toMatchObject({ payment_status: 2, bill: 75_000 });
    expect((await ctx.request('PUT', '/webhook/transaction-verification', { token: admin.token, body: { transaction_id: tx.body.data.transaction_id } })).body.data.payment_status).toBe(6);
    const ready = await ctx.request('PUT', '/webhook/transaction-shipment', { token: admin.token, body: { transaction_id: tx.body.data.transaction_id, courier: 'taken_directly' } });
    expect(ready.body.data.payment_status).toBe(7);
  });

  test('the sandbox courier tells the same story for a receipt every time, unknown ones not at all', async () => {
    expect(await sandboxShipping.waybill('jne', 'ABC123')).toEqual(await sandboxShipping.waybill('jne', 'ABC123'));
    expect(await sandboxShipping.waybill('jne', 'UNKNOWN-1')).toBeNull();
    const stories = new Set<string>();
    for (let i = 0; i < 40; i++) stories.add((await sandboxShipping.waybill('jne', `R${i}`))?.delivery_status.status ?? 'NOT FOUND');
    expect([...stories].sort()).toEqual(['DELIVERED', 'NOT FOUND', 'ON PROCESS', 'RETURNED']);
  });
});
