import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, signIn, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let owner: Caller;
let deputy: Caller;
let otherAdmin: Caller;
let member: Caller;
let stranger: Caller;
let libraryId: string;
let bookId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createCaller(ctx, { name: 'Ratna Pemilik' });
  deputy = await createCaller(ctx, { name: 'Bagus Pembantu' });
  member = await createCaller(ctx, { name: 'Anggota Biasa' });
  stranger = await createCaller(ctx, { name: 'Orang Lain' });
  // An administrator (role 305) who runs another library, not this one.
  const admin = await ctx.createUser({ name: 'Admin Lain', role: 305 });
  otherAdmin = { id: admin.id, name: 'Admin Lain', token: await signIn(ctx, admin) };
  libraryId = await createEpustaka(ctx, { name: 'Pustaka Sekolah Uji', isPrivate: true, ownerId: owner.id });
  await createEpustaka(ctx, { name: 'Pustaka Admin Lain', ownerId: otherAdmin.id });
  await addMember(ctx, libraryId, owner.id, 1);
  await addMember(ctx, libraryId, deputy.id, 1);
  await ctx.db.query('UPDATE epustaka_members SET is_admin = true WHERE epustaka_id = $1 AND user_id = $2', [libraryId, deputy.id]);
  await addMember(ctx, libraryId, member.id, 1);
  bookId = await createBook(ctx, { title: 'Catatan Harian Sekolah', holdings: [{ epustakaId: libraryId, copies: 3 }] });
});
afterAll(() => ctx.close());

async function membershipOf(userId: string): Promise<{ id: string; member_status: number; expires_at: string | null } | undefined> {
  const { rows } = await ctx.db.query<{ id: string; member_status: number; expires_at: string | null }>(
    'SELECT id, member_status, expires_at FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2',
    [libraryId, userId],
  );
  return rows[0];
}

async function askToJoin(caller: Caller): Promise<string> {
  const res = await ctx.request('POST', '/webhook/join-epustaka-member', { token: caller.token, body: { epustaka_id: libraryId, user_ids: [caller.id] } });
  expect(res.body.data.member_status).toBe(0);
  return (await membershipOf(caller.id))!.id;
}

function borrow(caller: Caller) {
  return ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: libraryId, user_id: caller.id, book_id: bookId } });
}

async function notificationsOf(userId: string, event: string): Promise<{ link: string; params: Record<string, string> }[]> {
  const { rows } = await ctx.db.query<{ link: string; params: Record<string, string> }>(
    'SELECT link, params FROM notifications WHERE user_id = $1 AND event = $2',
    [userId, event],
  );
  return rows;
}

describe('who may administer memberships', () => {
  test('the owner and a helping administrator may; a member, a stranger and an admin of another library get 403 and nothing changes', async () => {
    for (const [caller, allowed] of [[owner, true], [deputy, true], [member, false], [stranger, false], [otherAdmin, false]] as const) {
      const applicant = await createCaller(ctx, { name: 'Pemohon' });
      const membershipId = await askToJoin(applicant);
      const outsider = await createCaller(ctx, { name: 'Calon Anggota' });
      const calls = [
        await ctx.request('GET', `/webhook/epustaka-member-list?epustaka_id=${libraryId}&status=0`, { token: caller.token }),
        await ctx.request('GET', `/webhook/epustaka-nonmember-list?epustaka_id=${libraryId}`, { token: caller.token }),
        await ctx.request('POST', '/webhook/join-epustaka-member', { token: caller.token, body: { epustaka_id: libraryId, user_ids: [outsider.id] } }),
        await ctx.request('PUT', '/webhook/epustaka-member-join-verification', { token: caller.token, body: { membership_id: membershipId, status: 1 } }),
        await ctx.request('DELETE', `/webhook/memberships/${membershipId}`, { token: caller.token }),
      ];
      const statuses = calls.map((c) => c.status);
      if (allowed) {
        expect(statuses, caller.name).toEqual([200, 200, 200, 200, 200]);
        expect(await membershipOf(applicant.id)).toBeUndefined();
        const added = await membershipOf(outsider.id);
        expect(added?.member_status).toBe(1);
        expect(Date.parse(added!.expires_at!) - Date.now()).toBeGreaterThan(364 * 86_400_000);
      } else {
        expect(statuses, caller.name).toEqual([403, 403, 403, 403, 403]);
        expect(calls.map((c) => c.body.errors[0].code)).toEqual(['not_epustaka_admin', 'not_epustaka_admin', 'user_mismatch', 'not_epustaka_admin', 'not_epustaka_admin']);
        expect((await membershipOf(applicant.id))?.member_status).toBe(0);
        expect(await membershipOf(outsider.id)).toBeUndefined();
      }
    }
  });

  test('anyone signed in sees the active members; the owner comes first and cannot be removed', async () => {
    const res = await ctx.request('GET', `/webhook/epustaka-member-list?epustaka_id=${libraryId}&limit=10`, { token: stranger.token });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: owner.id, is_owner: true, member_status: 1 });
    expect(res.body.data.map((m: { id: string }) => m.id)).toContain(member.id);
    expect(res.body.data[0].membership_id).toMatch(/^[0-9a-f-]{36}$/);
    const removeOwner = await ctx.request('DELETE', `/webhook/memberships/${res.body.data[0].membership_id}`, { token: deputy.token });
    expect(removeOwner.status).toBe(409);
    expect(removeOwner.body.errors[0].code).toBe('owner_membership');
  });

  test('unknown or malformed ids are 404 and 400, never 500', async () => {
    const unknown = '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b';
    expect((await ctx.request('PUT', '/webhook/epustaka-member-join-verification', { token: owner.token, body: { membership_id: unknown, status: 1 } })).status).toBe(404);
    expect((await ctx.request('DELETE', `/webhook/memberships/${unknown}`, { token: owner.token })).status).toBe(404);
    expect((await ctx.request('DELETE', '/webhook/memberships/bukan-id', { token: owner.token })).status).toBe(400);
    expect((await ctx.request('GET', `/webhook/epustaka-member-list?epustaka_id=${unknown}`, { token: owner.token })).status).toBe(404);
    expect((await ctx.request('PUT', '/webhook/epustaka-member-join-verification', { token: owner.token, body: { membership_id: unknown, status: 2 } })).status).toBe(400);
  });
});

describe('join requests', () => {
  test('a request notifies the administrators; approval lets the student borrow at once, runs a year, and tells them', async () => {
    const student = await createCaller(ctx, { name: 'Sekar Siswa' });
    const membershipId = await askToJoin(student);
    expect((await borrow(student)).body.errors[0].code).toBe('membership_pending');
    const told = await notificationsOf(owner.id, 'join_request');
    expect(told.some((n) => n.params.name === 'Sekar Siswa' && n.link === `/membership?epustaka=${libraryId}&tab=requests`)).toBe(true);
    expect((await notificationsOf(deputy.id, 'join_request')).some((n) => n.params.name === 'Sekar Siswa')).toBe(true);

    const requests = await ctx.request('GET', `/webhook/epustaka-member-list?epustaka_id=${libraryId}&status=0`, { token: owner.token });
    expect(requests.body.data.find((m: { id: string }) => m.id === student.id)).toMatchObject({ membership_id: membershipId, member_status: 0 });

    const approved = await ctx.request('PUT', '/webhook/epustaka-member-join-verification', { token: owner.token, body: { membership_id: membershipId, status: 1 } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ membership_id: membershipId, member_status: 1 });
    const days = (Date.parse(approved.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    expect((await borrow(student)).status).toBe(201);

    // Approving again is harmless: same membership, same end, one notification.
    const again = await ctx.request('PUT', '/webhook/epustaka-member-join-verification', { token: deputy.token, body: { membership_id: membershipId, status: 1 } });
    expect(again.status).toBe(200);
    expect(again.body.data.expires_at).toBe(approved.body.data.expires_at);
    expect(await notificationsOf(student.id, 'join_approved')).toEqual([{ link: `/epustaka/${libraryId}`, params: { epustaka: 'Pustaka Sekolah Uji' } }]);
  });

  test('adding someone whose request waits approves it and tells them', async () => {
    const applicant = await createCaller(ctx);
    await askToJoin(applicant);
    const res = await ctx.request('POST', '/webhook/join-epustaka-member', { token: deputy.token, body: { epustaka_id: libraryId, user_ids: [applicant.id] } });
    expect(res.body.data.members).toEqual([{ user_id: applicant.id, member_status: 1 }]);
    expect((await notificationsOf(applicant.id, 'join_approved')).length).toBe(1);
  });

  test('an expired membership cannot borrow; declining a request removes it', async () => {
    const expired = await createCaller(ctx);
    await addMember(ctx, libraryId, expired.id, 3);
    expect((await borrow(expired)).body.errors[0].code).toBe('membership_expired');
    const applicant = await createCaller(ctx);
    const membershipId = await askToJoin(applicant);
    expect((await ctx.request('DELETE', `/webhook/memberships/${membershipId}`, { token: owner.token })).status).toBe(200);
    expect(await membershipOf(applicant.id)).toBeUndefined();
  });
});

describe('removing a member', () => {
  test('keeps the open loan until it ends but no new book can be borrowed', async () => {
    const reader = await createCaller(ctx);
    await addMember(ctx, libraryId, reader.id, 1);
    const other = await createBook(ctx, { holdings: [{ epustakaId: libraryId, copies: 2 }] });
    expect((await borrow(reader)).status).toBe(201);
    const membershipId = (await membershipOf(reader.id))!.id;
    expect((await ctx.request('DELETE', `/webhook/memberships/${membershipId}`, { token: owner.token })).status).toBe(200);
    const { rows } = await ctx.db.query('SELECT 1 FROM borrows WHERE user_id = $1 AND returned_at IS NULL', [reader.id]);
    expect(rows.length).toBe(1);
    const refused = await ctx.request('POST', '/webhook/borrow', { token: reader.token, body: { epustaka_id: libraryId, user_id: reader.id, book_id: other } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('not_member');
  });
});

describe('non-members', () => {
  test('lists verified users of the organisation without an active or waiting membership, searchable by name', async () => {
    const named = await createCaller(ctx, { name: 'Zahra Nonmember' });
    const res = await ctx.request('GET', `/webhook/epustaka-nonmember-list?epustaka_id=${libraryId}&q=zahra`, { token: owner.token });
    expect(res.body.data).toEqual([{ id: named.id, name: 'Zahra Nonmember', avatar_url: null }]);
    const all = await ctx.request('GET', `/webhook/epustaka-nonmember-list?epustaka_id=${libraryId}&limit=100`, { token: owner.token });
    const ids = all.body.data.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(member.id);
    expect(ids).not.toContain(owner.id);
    expect(ids).toContain(stranger.id);
  });
});
