import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let owner: Caller;
let reader: Caller;
let schoolId: string;
let parkId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createCaller(ctx, { name: 'Pemilik' });
  reader = await createCaller(ctx, { name: 'Pembaca' });
  schoolId = await createEpustaka(ctx, { name: 'Pustaka Sekolah Uji', isPrivate: true, ownerId: owner.id });
  parkId = await createEpustaka(ctx, { name: 'Taman Baca Uji' });
  await ctx.db.query(`UPDATE epustaka SET epustaka_description = '<p>Tentang <b>kami</b></p>' WHERE id = $1`, [schoolId]);
  await addMember(ctx, schoolId, owner.id, 1);
  await addMember(ctx, schoolId, reader.id, 0);
  const expired = await createCaller(ctx);
  await addMember(ctx, schoolId, expired.id, 3);
  await createBook(ctx, { holdings: [{ epustakaId: schoolId, copies: 3 }] });
  await createBook(ctx, { holdings: [{ epustakaId: schoolId, copies: 2 }] });
  await createBook(ctx, { usingDrm: false, holdings: [{ epustakaId: schoolId, copies: 0 }, { epustakaId: parkId, copies: 0 }] });
});
afterAll(() => ctx.close());

describe('webhook/epustaka-list', () => {
  test('lists the libraries by name with counts and the caller’s membership; q filters; managed keeps the administered ones', async () => {
    const res = await ctx.request('GET', '/webhook/epustaka-list?limit=20', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
    expect(res.body.data[0]).toMatchObject({ id: schoolId, epustaka_isprivate: true, member_count: 1, collection_count: 3, has_join: true, member_status: 0 });
    expect(res.body.data[1]).toMatchObject({ id: parkId, member_count: 0, collection_count: 1, has_join: false, member_status: null });
    const found = await ctx.request('GET', '/webhook/epustaka-list?q=taman', { token: reader.token });
    expect(found.body.data.map((e: { id: string }) => e.id)).toEqual([parkId]);
    const percent = await ctx.request('GET', '/webhook/epustaka-list?q=%25', { token: reader.token });
    expect(percent.body.data).toEqual([]);
    const managed = await ctx.request('GET', '/webhook/epustaka-list?managed=true', { token: owner.token });
    expect(managed.body.data.map((e: { id: string; request_count: number }) => [e.id, e.request_count])).toEqual([[schoolId, 1]]);
    expect((await ctx.request('GET', '/webhook/epustaka-list?managed=true', { token: reader.token })).body.data).toEqual([]);
  });
});

describe('webhook/epustaka-detail and public-epustaka-detail', () => {
  test('give the counts and book breakdown; the signed-in one adds the membership and whether the caller administers it', async () => {
    const res = await ctx.request('GET', `/webhook/epustaka-detail?epustaka_id=${schoolId}`, { token: owner.token });
    expect(res.body.data).toMatchObject({
      id: schoolId, epustaka_name: 'Pustaka Sekolah Uji', epustaka_about: '<p>Tentang <b>kami</b></p>',
      member_count: 1, collection_count: 3, drm_count: 2, nondrm_count: 1, drm_copy_count: 5,
      has_join: true, member_status: 1, is_admin: true, is_owner: true, share_url: `/epustaka/${schoolId}`,
    });
    expect((await ctx.request('GET', `/webhook/epustaka-detail?epustaka_id=${schoolId}`, { token: reader.token })).body.data).toMatchObject({ member_status: 0, is_admin: false });
    const pub = await ctx.request('GET', `/webhook/public-epustaka-detail?epustaka_id=${schoolId}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({ drm_count: 2, member_count: 1 });
    expect(pub.body.data).not.toHaveProperty('member_status');
    expect(pub.body.data).not.toHaveProperty('is_admin');
    expect(pub.body.data).not.toHaveProperty('is_owner');
  });

  test('unknown ids are 404, malformed ones 400', async () => {
    const unknown = '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';
    expect((await ctx.request('GET', `/webhook/epustaka-detail?epustaka_id=${unknown}`, { token: reader.token })).status).toBe(404);
    expect((await ctx.request('GET', `/webhook/public-epustaka-detail?epustaka_id=${unknown}`)).status).toBe(404);
    const bad = await ctx.request('GET', '/webhook/public-epustaka-detail?epustaka_id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_epustaka_id');
  });

  test('the sitemap lists every library of the organisation', async () => {
    const res = await ctx.request('GET', '/webhook/public-epustaka-sitemap');
    expect(res.body.data.map((e: { id: string }) => e.id).sort()).toEqual([schoolId, parkId].sort());
  });
});
