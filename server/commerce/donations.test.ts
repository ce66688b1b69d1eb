import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { HAS_EPUSTAKA_MESSAGE, donationBookListResponseSchema, donationEpustakaListResponseSchema, hasEpustakaResponseSchema, paymentMethodListResponseSchema, productListResponseSchema } from '../../src/lib/commerce/schema.ts';
import { createProduct } from './testing.ts';
import { createEpustaka, createPricedBook } from './testing.ts';
import { readCommerceSettings } from './settings.ts';

let ctx: TestContext;
let me: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.config.features.bookDonation = true;
  me = await createCaller(ctx);
});
afterAll(() => ctx.close());

describe('donation picker and library choice', () => {
  test('donation-book-list lists priced books only, 10 a page, with search and one book by id', async () => {
    for (let i = 0; i < 12; i++) await createPricedBook(ctx, 10_000 + i, { title: `Donasi ${String(i).padStart(2, '0')}` });
    await createPricedBook(ctx, null, { title: 'Donasi tanpa harga' });
    const page = await ctx.request('GET', '/webhook/donation-book-list', { token: me.token });
    expect(page.body.meta.total).toBe(12);
    expect(page.body.data).toHaveLength(10);
    expect(page.body.data[0]).toMatchObject({ book_title: 'Donasi 00', price: 10_000 });
    const found = await ctx.request('GET', '/webhook/donation-book-list?q=Donasi%2011', { token: me.token });
    expect(found.body.data.map((b: { book_title: string }) => b.book_title)).toEqual(['Donasi 11']);
    const one = await ctx.request('GET', `/webhook/donation-book-list?book_id=${found.body.data[0].id}`, { token: me.token });
    expect(one.body.data).toHaveLength(1);
    expect(donationBookListResponseSchema.strict().parse(page.body)).toBeTruthy();
  });

  test('donation-epustaka-list names the caller\'s own ePustaka first and refuses another organisation', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO epustaka (organization_id, epustaka_name, epustaka_category, created_by) VALUES ($1, 'Pustaka Saya', 'P', $2) RETURNING id`,
      [ctx.config.organizationId, me.id],
    );
    await createEpustaka(ctx, { name: 'Abjad Pertama' });
    const list = await ctx.request('GET', '/webhook/donation-epustaka-list', { token: me.token });
    expect(list.body.data[0]).toMatchObject({ id: rows[0]!.id, is_mine: true });
    // Each item has exactly the contract's fields.
    for (const item of list.body.data) expect(Object.keys(item).sort()).toEqual(Object.keys(donationEpustakaListResponseSchema.shape.data.element.shape).sort());
    const filter = encodeURIComponent(JSON.stringify({ 'e.organization_id': ctx.config.organizationId, 'e.epustaka_name': { ilike: '%Abjad%' } }));
    const searched = await ctx.request('GET', `/webhook/donation-epustaka-list?filter=${filter}`, { token: me.token });
    expect(searched.body.data.map((e: { epustaka_name: string }) => e.epustaka_name)).toEqual(['Abjad Pertama']);
    const other = encodeURIComponent(JSON.stringify({ 'e.organization_id': '00000000-0000-4000-8000-000000000000' }));
    expect((await ctx.request('GET', `/webhook/donation-epustaka-list?filter=${other}`, { token: me.token })).body.errors[0].code).toBe('invalid_filter');
    const has = await ctx.request('GET', '/webhook/has-epustaka', { token: me.token });
    hasEpustakaResponseSchema.parse(has.body);
    expect(has.body).toMatchObject({ message: HAS_EPUSTAKA_MESSAGE, data: { has_epustaka: true } });
    const someone = await createCaller(ctx);
    expect((await ctx.request('GET', '/webhook/has-epustaka', { token: someone.token })).body.data.has_epustaka).toBe(false);
  });

  test('payment-method-list groups the methods with their fees', async () => {
    const res = await ctx.request('GET', '/webhook/payment-method-list', { token: me.token });
    expect(Object.keys(res.body.data)).toEqual(['cash', 'bank_transfers', 'ewallets', 'cstores']);
    expect(res.body.data.bank_transfers.map((m: { payment_type: string }) => m.payment_type)).toEqual(['bca_va', 'bni_va', 'bri_va', 'mandiri_va', 'permata_va']);
    expect(res.body.data.ewallets.map((m: { payment_type: string }) => m.payment_type)).toEqual(['gopay', 'ovo', 'dana', 'shopeepay', 'qris']);
    paymentMethodListResponseSchema.parse(res.body);
    expect(res.body.data.cstores[0]).toMatchObject({ payment_type: 'alfamart', admin_fee: { val_percentage: 0, val_currency: 5_000 }, tax_percentage: 11 });
  });
});

test('product-list answers the contract\'s fields', async () => {
  await createProduct(ctx, 25_000);
  const res = await ctx.request('GET', '/webhook/product-list', { token: me.token });
  expect(res.body.data.length).toBeGreaterThan(0);
  for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(Object.keys(productListResponseSchema.shape.data.element.shape).sort());
});

describe('commerce settings', () => {
  test('the sandbox is on outside production and off in production unless PAYMENT_SANDBOX=true', () => {
    expect(readCommerceSettings({}, false)).toMatchObject({ gateway: 'sandbox', sandbox: true, paymentWindowMinutes: 1440 });
    expect(readCommerceSettings({}, true).sandbox).toBe(false);
    expect(readCommerceSettings({ PAYMENT_SANDBOX: 'true' }, true).sandbox).toBe(true);
    expect(() => readCommerceSettings({ PAYMENT_GATEWAY: 'sandbox' }, true)).toThrow(/production refuses/);
    expect(readCommerceSettings({ MIDTRANS_SERVER_KEY: 'Mid-server-x' }, true)).toMatchObject({ gateway: 'midtrans', serverKey: 'Mid-server-x' });
    expect(() => readCommerceSettings({ PAYMENT_WINDOW_MINUTES: '0' }, false)).toThrow(/PAYMENT_WINDOW_MINUTES/);
  });
});
