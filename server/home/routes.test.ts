import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCaller, createCategory, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let reader: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createCaller(ctx);
});
afterAll(() => ctx.close());

async function addBanner(title: string, order: number, window: { starts?: Date; ends?: Date } = {}) {
  await ctx.db.query(
    'INSERT INTO banners (organization_id, title, image_url, link_url, sort_order, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [ctx.config.organizationId, title, `/banners/${order}.svg`, '/books', order, window.starts?.toISOString() ?? null, window.ends?.toISOString() ?? null],
  );
}

describe('webhook/banners', () => {
  test('lists the live banners in order while the logo-banner flag is on, none while it is off', async () => {
    await addBanner('Kedua', 2);
    await addBanner('Pertama', 1);
    await addBanner('Sudah lewat', 0, { ends: new Date(Date.now() - 1000) });
    await addBanner('Belum mulai', 0, { starts: new Date(Date.now() + 3_600_000) });
    const off = await ctx.request('GET', '/webhook/banners', { token: reader.token });
    expect(off.body.data).toEqual([]);
    ctx.config.features.logoBanner = true;
    try {
      const on = await ctx.request('GET', '/webhook/banners', { token: reader.token });
      expect(on.body.data.map((b: { title: string }) => b.title)).toEqual(['Pertama', 'Kedua']);
      expect(on.body.data[0]).toEqual({ id: expect.any(String), title: 'Pertama', image_url: '/banners/1.svg', link_url: '/books' });
    } finally {
      ctx.config.features.logoBanner = false;
    }
    expect((await ctx.request('GET', '/webhook/banners')).status).toBe(401);
  });
});

describe('webhook/book-home', () => {
  test('rows of the newest, the most borrowed and the largest categories', async () => {
    const epustakaId = await createEpustaka(ctx);
    const fiksi = await createCategory(ctx, 'Fiksi');
    const sains = await createCategory(ctx, 'Sains');
    const day = 86_400_000;
    const old = await createBook(ctx, { title: 'Lama', categoryId: fiksi, createdAt: new Date(Date.now() - 3 * day), holdings: [{ epustakaId, copies: 1 }] });
    const mid = await createBook(ctx, { title: 'Tengah', categoryId: fiksi, createdAt: new Date(Date.now() - 2 * day), holdings: [{ epustakaId, copies: 1 }] });
    const fresh = await createBook(ctx, { title: 'Baru', categoryId: sains, createdAt: new Date(Date.now() - day), holdings: [{ epustakaId, copies: 1 }] });
    const res = await ctx.request('GET', '/webhook/book-home?limit=2', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.new.map((b: { id: string }) => b.id)).toEqual([fresh, mid]);
    expect(res.body.data.popular).toHaveLength(2);
    expect(res.body.data.categories.map((c: { category_name: string }) => c.category_name)).toEqual(['Fiksi', 'Sains']);
    expect(res.body.data.categories[0].books.map((b: { id: string }) => b.id)).toEqual([mid, old]);
    expect((await ctx.request('GET', '/webhook/book-home?limit=0', { token: reader.token })).body.errors[0].code).toBe('invalid_limit');
  });
});

describe('webhook/greeting', () => {
  test("is the organisation's greeting, or null without one", async () => {
    expect((await ctx.request('GET', '/webhook/greeting', { token: reader.token })).body.data).toBeNull();
    await ctx.db.query('UPDATE organizations SET greeting_title = $2, greeting_message = $3 WHERE id = $1', [ctx.config.organizationId, 'Selamat datang', 'Selamat membaca!']);
    expect((await ctx.request('GET', '/webhook/greeting', { token: reader.token })).body.data).toEqual({ greeting_title: 'Selamat datang', greeting_message: 'Selamat membaca!' });
  });

  test('is in the language the caller asks for: English when the organisation wrote one, else Indonesian', async () => {
    const ask = async (lang: string) => (await ctx.request('GET', '/webhook/greeting', { token: reader.token, headers: { 'accept-language': lang } })).body.data;
    await ctx.db.query('UPDATE organizations SET greeting_title = $2, greeting_message = $3, greeting_title_en = NULL, greeting_message_en = NULL WHERE id = $1', [ctx.config.organizationId, 'Selamat datang', 'Selamat membaca!']);
    expect(await ask('en')).toEqual({ greeting_title: 'Selamat datang', greeting_message: 'Selamat membaca!' });
    await ctx.db.query('UPDATE organizations SET greeting_title_en = $2, greeting_message_en = $3 WHERE id = $1', [ctx.config.organizationId, 'Welcome', 'Happy reading!']);
    expect(await ask('en')).toEqual({ greeting_title: 'Welcome', greeting_message: 'Happy reading!' });
    expect(await ask('en-GB,en;q=0.9')).toEqual({ greeting_title: 'Welcome', greeting_message: 'Happy reading!' });
    expect(await ask('id')).toEqual({ greeting_title: 'Selamat datang', greeting_message: 'Selamat membaca!' });
  });
});

describe('webhook/public-home', () => {
  test('anyone sees the public books and libraries, and searches them; private holdings stay out', async () => {
    const open = await createEpustaka(ctx, { name: 'Taman Baca Terbuka' });
    const closed = await createEpustaka(ctx, { name: 'Pustaka Tertutup', isPrivate: true });
    const shown = await createBook(ctx, { title: 'Bumi Manusia Terbuka', holdings: [{ epustakaId: open, copies: 1 }] });
    const hidden = await createBook(ctx, { title: 'Bumi Rahasia', holdings: [{ epustakaId: closed, copies: 1 }] });
    const res = await ctx.request('GET', '/webhook/public-home');
    expect(res.status).toBe(200);
    const ids = res.body.data.new.map((b: { id: string }) => b.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect(res.body.data.results).toBeNull();
    expect(res.body.data.libraries.map((l: { epustaka_name: string }) => l.epustaka_name)).toContain('Taman Baca Terbuka');
    expect(res.body.data.libraries.map((l: { epustaka_name: string }) => l.epustaka_name)).not.toContain('Pustaka Tertutup');
    const found = await ctx.request('GET', '/webhook/public-home?q=bumi%20terbuka');
    expect(found.body.data.results.map((b: { id: string }) => b.id)).toEqual([shown]);
    const wild = await ctx.request('GET', '/webhook/public-home?q=%25');
    expect(wild.body.data.results).toEqual([]);
  });
});
