import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createCaller, createEpustaka, signIn, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const UNKNOWN = '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';
const OTHER_ORG = '7c2e5d47-8e1f-4d5c-8e1b-2a3f4e5d6c7b';

function get(caller: Caller, path: string) {
  return ctx.request('GET', path, { token: caller.token });
}
function follow(from: Caller, to: { id: string }) {
  return ctx.request('POST', '/webhook/user-follow', { token: from.token, body: { user_id: to.id } });
}

describe('webhook/profile?user_id=', () => {
  test("another member's profile: follow state, counts, organisation and ePustaka", async () => {
    const viewer = await createCaller(ctx, { name: 'Dewi Pembaca' });
    const author = await createCaller(ctx, { name: 'Raka Penulis' });
    const fan = await createCaller(ctx, { name: 'Fani Penggemar' });
    await ctx.db.query("UPDATE users SET bio = '<b>Suka</b> membaca' WHERE id = $1", [author.id]);
    const library = await createEpustaka(ctx, { name: 'Pustaka Raka' });
    await addMember(ctx, library, author.id, 1);
    const pending = await createEpustaka(ctx, { name: 'Pustaka Tertunda' });
    await addMember(ctx, pending, author.id, 0);
    await follow(fan, author);
    await follow(author, fan);

    const before = await get(viewer, `/webhook/profile?user_id=${author.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      id: author.id,
      name: 'Raka Penulis',
      bio: '<b>Suka</b> membaca',
      is_self: false,
      followed: false,
      follow_id: null,
      follower_count: 1,
      following_count: 1,
      organizations: { id: ctx.config.organizationId, name: 'Test' },
      epustaka: [{ id: library, epustaka_name: 'Pustaka Raka' }],
      history: { book: 0, video: 0, audio: 0, article: 0 },
    });

    const followed = await follow(viewer, author);
    const after = await get(viewer, `/webhook/profile?user_id=${author.id}`);
    expect(after.body.data).toMatchObject({ followed: true, follow_id: followed.body.data.id, follower_count: 2 });

    const own = await get(viewer, `/webhook/profile?user_id=${viewer.id}`);
    expect(own.body.data).toMatchObject({ is_self: true, followed: false, following_count: 1, follower_count: 0 });
    // Without user_id the caller's own header profile, as before.
    const header = await get(viewer, '/webhook/profile');
    expect(header.body.data).toMatchObject({ id: viewer.id, name: 'Dewi Pembaca', role: { role_code: 303 } });
  });

  test('an unknown id, another organisation or a deactivated account is 404 user_not_found; a bad id 400', async () => {
    const viewer = await createCaller(ctx);
    const outsider = await ctx.createUser({ organizationId: OTHER_ORG });
    const gone = await ctx.createUser();
    await ctx.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [gone.id]);
    for (const id of [UNKNOWN, outsider.id, gone.id]) {
      const res = await get(viewer, `/webhook/profile?user_id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('user_not_found');
    }
    const bad = await get(viewer, '/webhook/profile?user_id=bukan-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_user_id');
  });

  test('counts each kind of history, so the profile shows only tabs with something in them', async () => {
    const viewer = await createCaller(ctx);
    const reader = await createCaller(ctx);
    await ctx.db.query(
      `INSERT INTO content_access_history (user_id, object_type, object_id) VALUES ($1, 'BOOK', gen_random_uuid()), ($1, 'BOOK', gen_random_uuid()), ($1, 'AUDIO', gen_random_uuid())`,
      [reader.id],
    );
    const res = await get(viewer, `/webhook/profile?user_id=${reader.id}`);
    expect(res.body.data.history).toEqual({ book: 2, video: 0, audio: 1, article: 0 });
  });
});

describe('follow rules', () => {
  test('cannot follow oneself (coded 400); following twice keeps one follow and one count', async () => {
    const sekar = await createCaller(ctx);
    const bagus = await createCaller(ctx);
    const self = await follow(sekar, sekar);
    expect(self.status).toBe(400);
    expect(self.body.errors[0].code).toBe('cannot_follow_self');
    const [a, b] = await Promise.all([follow(sekar, bagus), follow(sekar, bagus)]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect((await get(sekar, `/webhook/profile?user_id=${bagus.id}`)).body.data.follower_count).toBe(1);
    const off = await ctx.request('DELETE', '/webhook/user-follow', { token: sekar.token, body: { id: a.body.data.id } });
    expect(off.status).toBe(200);
    expect((await get(sekar, `/webhook/profile?user_id=${bagus.id}`)).body.data).toMatchObject({ followed: false, follower_count: 0 });
  });
});

describe('webhook/following and webhook/follower', () => {
  test('lists who a member follows, newest first or by name, with a name search and follow-back flags', async () => {
    const me = await createCaller(ctx, { name: 'Maya Pengikut' });
    const names = ['Citra Sari', 'Andi Wijaya', 'Budi Santoso'];
    const people: Caller[] = [];
    for (const name of names) {
      const person = await createCaller(ctx, { name });
      people.push(person);
      await follow(me, person);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const viewer = await createCaller(ctx);
    await follow(viewer, people[1]!);

    const latest = await get(viewer, `/webhook/following?user_id=${me.id}`);
    expect(latest.status).toBe(200);
    expect(latest.body.data.map((u: { name: string }) => u.name)).toEqual(['Budi Santoso', 'Andi Wijaya', 'Citra Sari']);
    expect(latest.body.meta).toEqual({ total: 3, limit: 10, offset: 0 });
    expect(latest.body.data[1]).toMatchObject({ followed: true, follow_id: expect.any(String) });

    const abjad = await get(viewer, `/webhook/following?user_id=${me.id}&sort=abjad&limit=2`);
    expect(abjad.body.data.map((u: { name: string }) => u.name)).toEqual(['Andi Wijaya', 'Budi Santoso']);
    const named = await get(viewer, `/webhook/following?user_id=${me.id}&q=citra`);
    expect(named.body.data.map((u: { name: string }) => u.name)).toEqual(['Citra Sari']);
    const own = await get(me, '/webhook/following');
    expect(own.body.meta.total).toBe(3);

    const followers = await get(viewer, `/webhook/follower?user_id=${people[1]!.id}&sort=abjad`);
    expect(followers.body.data.map((u: { id: string }) => u.id).sort()).toEqual([me.id, viewer.id].sort());
    expect((await get(viewer, '/webhook/following?sort=acak')).body.errors[0].code).toBe('invalid_sort');
  });

  test('another organisation is 404', async () => {
    const viewer = await createCaller(ctx);
    const outsider = await ctx.createUser({ organizationId: OTHER_ORG });
    await signIn(ctx, outsider);
    for (const list of ['following', 'follower']) {
      const res = await get(viewer, `/webhook/${list}?user_id=${outsider.id}`);
      expect(res.status, list).toBe(404);
      expect(res.body.errors[0].code).toBe('user_not_found');
    }
  });
});

describe('media and news history', () => {
  test('answer empty lists until those kinds of content exist, and keep to the organisation', async () => {
    const viewer = await createCaller(ctx);
    const friend = await createCaller(ctx);
    for (const path of [`/webhook/multimedia-history-list?type=video&user_id=${friend.id}`, '/webhook/multimedia-history-list?type=audio', '/webhook/news-history-list?limit=4']) {
      const res = await get(viewer, path);
      expect(res.status, path).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.total).toBe(0);
    }
    expect((await get(viewer, '/webhook/multimedia-history-list')).body.errors[0].code).toBe('invalid_type');
    const outsider = await ctx.createUser({ organizationId: OTHER_ORG });
    expect((await get(viewer, `/webhook/news-history-list?user_id=${outsider.id}`)).status).toBe(404);
  });
});
