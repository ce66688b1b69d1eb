import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Komentar' });
});
afterAll(() => ctx.close());

/** A borrow by a new member, seen by a follower; answers the feed item. */
async function feedItem(): Promise<{ owner: Caller; fan: Caller; stranger: Caller; feedId: string }> {
  const owner = await createCaller(ctx, { name: 'Pemilik Kiriman' });
  await addMember(ctx, epustakaId, owner.id, 1);
  const fan = await createCaller(ctx, { name: 'Teman Komentar' });
  const stranger = await createCaller(ctx);
  await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: owner.id } });
  const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies: 2 }] });
  await ctx.request('POST', '/webhook/borrow', { token: owner.token, body: { epustaka_id: epustakaId, user_id: owner.id, book_id: bookId } });
  const feeds = await ctx.request('GET', '/webhook/feeds', { token: owner.token });
  return { owner, fan, stranger, feedId: feeds.body.data[0].id };
}

function post(caller: Caller, body: Record<string, unknown>) {
  return ctx.request('POST', '/webhook/comment', { token: caller.token, body: { object_type: 'FEED', ...body } });
}

function list(caller: Caller, feedId: string, query = '') {
  return ctx.request('GET', `/webhook/comment-list?object_type=FEED&object_id=${feedId}${query}`, { token: caller.token });
}

async function eventsOf(caller: Caller): Promise<string[]> {
  const res = await ctx.request('GET', '/webhook/notifications', { token: caller.token });
  return res.body.data.map((n: { event: string }) => n.event).filter((e: string) => e !== 'follow');
}

describe('comments on feed items', () => {
  test('comment, reply, edit, delete: replies stay readable, counts follow, owners are told once', async () => {
    const { owner, fan, stranger, feedId } = await feedItem();
    const first = await post(fan, { object_id: feedId, comment: '  Buku <i>bagus</i>  ' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ comment: 'Buku <i>bagus</i>', parent_id: null, sender: { id: fan.id, name: 'Teman Komentar' }, is_mine: true, is_edited: false, reply_count: 0 });
    const commentId = first.body.data.id;
    expect(await eventsOf(owner)).toEqual(['comment']);

    const reply = await post(owner, { object_id: feedId, comment: 'Terima kasih', parent_id: commentId });
    expect(reply.status).toBe(201);
    // A reply to a reply joins the thread.
    const nested = await post(fan, { object_id: feedId, comment: 'Sama-sama', parent_id: reply.body.data.id });
    expect(nested.body.data.parent_id).toBe(commentId);
    expect(await eventsOf(fan)).toEqual(['reply']);
    expect(await eventsOf(owner)).toEqual(['comment']);

    const page = await list(owner, feedId);
    expect(page.body.meta.total).toBe(1);
    expect(page.body.data[0]).toMatchObject({ id: commentId, reply_count: 2, is_mine: false });
    const detail = await ctx.request('GET', `/webhook/comment-detail?comment_id=${commentId}`, { token: owner.token });
    expect(detail.body.comment.id).toBe(commentId);
    expect(detail.body.data.map((c: { comment: string }) => c.comment)).toEqual(['Terima kasih', 'Sama-sama']);
    expect((await ctx.request('GET', '/webhook/feeds', { token: owner.token })).body.data[0].total_comment).toBe(3);

    // Only the author edits or deletes.
    const foreignEdit = await ctx.request('PUT', '/webhook/comment', { token: owner.token, body: { id: commentId, comment: 'diubah' } });
    expect(foreignEdit.status).toBe(403);
    expect(foreignEdit.body.errors[0].code).toBe('not_your_comment');
    expect((await ctx.request('DELETE', '/webhook/comment', { token: owner.token, body: { id: commentId } })).status).toBe(403);
    const edited = await ctx.request('PUT', '/webhook/comment', { token: fan.token, body: { id: commentId, comment: 'Buku bagus sekali' } });
    expect(edited.body.data).toMatchObject({ comment: 'Buku bagus sekali', is_edited: true });
    const deleted = await ctx.request('DELETE', '/webhook/comment', { token: fan.token, body: { id: commentId } });
    expect(deleted.body.data).toMatchObject({ is_deleted: true, comment: '' });
    const after = await list(owner, feedId);
    expect(after.body.data[0]).toMatchObject({ id: commentId, is_deleted: true, reply_count: 2 });
    expect((await ctx.request('GET', `/webhook/comment-detail?comment_id=${commentId}`, { token: owner.token })).body.data).toHaveLength(2);
    expect((await post(owner, { object_id: feedId, comment: 'x', parent_id: commentId })).status).toBe(409);
    expect((await ctx.request('GET', '/webhook/feeds', { token: owner.token })).body.data[0].total_comment).toBe(2);

    // A stranger, who cannot see the item, can neither read nor write.
    expect((await list(stranger, feedId)).status).toBe(404);
    expect((await post(stranger, { object_id: feedId, comment: 'Halo' })).status).toBe(404);
    expect((await ctx.request('GET', `/webhook/comment-detail?comment_id=${commentId}`, { token: stranger.token })).status).toBe(404);
  });

  test('own comments on own items tell nobody; pages of 10 newest first; bad input is refused', async () => {
    const { owner, fan, feedId } = await feedItem();
    for (let i = 1; i <= 12; i += 1) await post(owner, { object_id: feedId, comment: `Catatan ${i}` });
    expect(await eventsOf(owner)).toEqual([]);
    const first = await list(fan, feedId);
    expect(first.body.meta).toEqual({ total: 12, limit: 10, offset: 0 });
    expect(first.body.data[0].comment).toBe('Catatan 12');
    expect((await list(fan, feedId, '&offset=10')).body.data.map((c: { comment: string }) => c.comment)).toEqual(['Catatan 2', 'Catatan 1']);
    expect((await post(fan, { object_id: feedId, comment: '   ' })).body.errors[0].code).toBe('comment_required');
    const unknown = await ctx.request('POST', '/webhook/comment', { token: fan.token, body: { object_type: 'PODCAST', object_id: feedId, comment: 'Halo' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].code).toBe('unknown_comment_target');
  });

  test('reports: four reasons, once per user, never one’s own', async () => {
    const { owner, fan, feedId } = await feedItem();
    const comment = (await post(fan, { object_id: feedId, comment: 'Promo murah!' })).body.data;
    const report = (caller: Caller, reason: string) => ctx.request('PUT', '/webhook/comment-report', { token: caller.token, body: { comment_id: comment.id, reason } });
    expect((await report(owner, 'pornography')).status).toBe(400);
    expect((await report(fan, 'spam')).body.errors[0].code).toBe('cannot_report_own');
    expect((await report(owner, 'spam')).status).toBe(200);
    const again = await report(owner, 'harassment');
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_reported');
    expect((await list(owner, feedId)).body.data[0].has_report).toBe(true);
    expect((await list(fan, feedId)).body.data[0].has_report).toBe(false);
  });
});
