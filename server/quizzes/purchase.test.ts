import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller } from '../test/catalogue.ts';
import { gatewayOrderIdOf, sandboxDecide, statusOf } from '../commerce/testing.ts';
import { makeTryout } from './testing.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const addToBox = (token: string, quizId: string, copies = 1) =>
  ctx.request('POST', '/webhook/add-order-box', { token, body: { order_type: 'TRYOUT', order_type_id: quizId, number_of_copy: copies, category: 'TRYOUT' } });
const start = (token: string, quizId: string) => ctx.request('POST', '/webhook/quiz-check', { token, body: { quiz_id: quizId, start_key: `buy-${quizId}-${token.slice(-12)}` } });

describe('buying a tryout package through the order box', () => {
  test('refused to start before paying; paying on the sandbox gives the package; it cannot be bought twice', async () => {
    const quizId = await makeTryout(ctx, { counts: [2], price: 49_000 });
    const free = await makeTryout(ctx, { counts: [1] });
    const buyer = await createCaller(ctx);
    expect((await start(buyer.token, quizId)).body.errors[0].code).toBe('tryout_not_paid');
    expect((await addToBox(buyer.token, free)).body.errors[0].code).toBe('item_not_found');
    expect((await addToBox(buyer.token, quizId, 2)).body.errors[0].code).toBe('invalid_number_of_copy');

    const added = await addToBox(buyer.token, quizId);
    expect(added.status).toBe(201);
    const box = added.body.data.order_box_id as string;
    const detail = await ctx.request('GET', `/webhook/order-box-details?order_box_id=${box}`, { token: buyer.token });
    expect(JSON.stringify(detail.body)).toContain('Tryout Uji');
    const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'TRYOUT', payment_type: 'bca_va' } });
    expect(tx.status).toBe(201);
    expect((await start(buyer.token, quizId)).body.errors[0].code).toBe('tryout_not_paid');
    expect((await sandboxDecide(ctx, await gatewayOrderIdOf(ctx, box), 'pay')).status).toBe(303);
    expect(await statusOf(ctx, buyer.token, box)).toBe(3);

    expect((await start(buyer.token, quizId)).status).toBe(200);
    const again = await addToBox(buyer.token, quizId);
    expect([again.status, again.body.errors[0].code]).toEqual([409, 'already_owned']);
    const page = await ctx.request('GET', `/webhook/tryout-detail?quiz_id=${quizId}`, { token: buyer.token });
    expect(page.body.data.access).toBe('owned');
  });
});
