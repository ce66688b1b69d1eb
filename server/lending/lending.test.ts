import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let publicId: string;
let privateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  publicId = await createEpustaka(ctx, { name: 'Perpustakaan Umum Pinjam' });
  privateId = await createEpustaka(ctx, { name: 'Pustaka Sekolah Tertutup', isPrivate: true });
});
afterAll(() => ctx.close());

function borrow(caller: Caller, bookId: string, epustakaId = publicId) {
  return ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId } });
}

function detail(caller: Caller, bookId: string) {
  return ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: caller.token });
}

async function member(epustakaId = publicId): Promise<Caller> {
  const caller = await createCaller(ctx, { name: `Anggota ${Math.random().toString(36).slice(2, 6)}` });
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

describe('books without a web-readable file', () => {
  test('say so in their detail and cannot be borrowed or queued for', async () => {
    const reader = await member();
    const unreadable = await createBook(ctx, { readable: false, holdings: [{ epustakaId: publicId, copies: 2 }] });
    const readable = await createBook(ctx, { holdings: [{ epustakaId: publicId, copies: 2 }] });

    expect((await detail(reader, unreadable)).body.data.web_readable).toBe(false);
    expect((await detail(reader, readable)).body.data.web_readable).toBe(true);

    const refused = await borrow(reader, unreadable);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('not_web_readable');
    // No copy was used up.
    const { rows } = await ctx.db.query<{ available_qty: number }>('SELECT available_qty FROM epustaka_books WHERE book_id = $1', [unreadable]);
    expect(rows[0]!.available_qty).toBe(2);

    const queued = await ctx.request('POST', '/webhook/book-queue', { token: reader.token, body: { book_id: unreadable, epustaka_id: publicId } });
    expect(queued.status).toBe(409);
    expect(queued.body.errors[0].code).toBe('not_web_readable');

    expect((await borrow(reader, readable)).body.code).toBe('SUCCESS');
  });

  test('the public detail says it too', async () => {
    const unreadable = await createBook(ctx, { readable: false, holdings: [{ epustakaId: publicId, copies: 1 }] });
    const res = await ctx.request('GET', `/webhook/public-book-detail?book_id=${unreadable}`);
    expect(res.status).toBe(200);
    expect(res.body.data.web_readable).toBe(false);
  });
});

describe('a copy held for the first in the queue', () => {
  test('shows in their detail with its deadline, mails them, and they can borrow it while others cannot', async () => {
    const bookId = await createBook(ctx, { title: 'Buku Antrean Bergilir', holdings: [{ epustakaId: publicId, copies: 1 }] });
    const holder = await member();
    const first = await member();
    const second = await member();
    expect((await borrow(holder, bookId)).body.code).toBe('SUCCESS');
    for (const waiting of [first, second]) {
      const res = await ctx.request('POST', '/webhook/book-queue', { token: waiting.token, body: { book_id: bookId, epustaka_id: publicId } });
      expect(res.status).toBe(201);
    }
    expect((await detail(first, bookId)).body.data.queue_offer).toBeNull();

    const status = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${bookId}`, { token: holder.token });
    const returnedAt = new Date();
    const back = await ctx.request('PUT', '/webhook/book-return', { token: holder.token, body: { borrow_book_id: status.body.data.borrow_book_id } });
    expect(back.status).toBe(200);

    const mine = (await detail(first, bookId)).body.data;
    expect(mine.queue_position).toBe(1);
    expect(mine.queue_offer.epustaka_id).toBe(publicId);
    const deadline = new Date(mine.queue_offer.expires_at).getTime();
    expect(Math.abs(deadline - returnedAt.getTime() - 24 * 3_600_000)).toBeLessThan(60_000);
    // The copy is not on the shelf: it is held.
    expect(mine.available_qty).toBe(0);
    expect((await detail(second, bookId)).body.data.queue_offer).toBeNull();

    // The queue list agrees.
    const list = await ctx.request('GET', `/webhook/book-queue?book_id=${bookId}`, { token: first.token });
    expect(list.body.data[0].user.id).toBe(first.id);
    expect(list.body.data[0].offer_expires_at).toBe(mine.queue_offer.expires_at);

    // One mail, with the deadline and a link to the book.
    const { rows } = await ctx.db.query<{ recipient: string; subject: string; text_body: string; links: string[] }>(
      "SELECT recipient, subject, text_body, links FROM mail_outbox WHERE kind = 'queue_offer'",
    );
    const firstEmail = (await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [first.id])).rows[0]!.email;
    const mails = rows.filter((r) => r.recipient === firstEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Buku Antrean Bergilir');
    expect(mails[0]!.text_body).toMatch(/Pinjam sebelum .+ WIB/);
    expect(mails[0]!.links[0]).toContain(`/book/${bookId}/${publicId}`);
    // Reading the book again does not mail again.
    await detail(first, bookId);
    const again = await ctx.db.query("SELECT 1 FROM mail_outbox WHERE kind = 'queue_offer' AND recipient = $1", [firstEmail]);
    expect(again.rows).toHaveLength(1);

    const refused = await borrow(second, bookId);
    expect(refused.body.errors[0].code).toBe('no_copies');
    expect((await borrow(first, bookId)).body.code).toBe('SUCCESS');
    expect((await detail(first, bookId)).body.data.queue_offer).toBeNull();
  });
});

describe('a book held by a private and a public library', () => {
  test('the detail picks the library where the student can borrow now, and a pending request elsewhere does not block it', async () => {
    const bookId = await createBook(ctx, {
      holdings: [
        { epustakaId: privateId, copies: 2 },
        { epustakaId: publicId, copies: 2 },
      ],
    });
    const student = await createCaller(ctx);
    // Before joining anywhere: the public library, where joining lends at once.
    expect((await detail(student, bookId)).body.data.epustaka.id).toBe(publicId);
    const join = await ctx.request('POST', '/webhook/join-epustaka-member', { token: student.token, body: { epustaka_id: privateId, user_ids: [student.id] } });
    expect(join.body.data.member_status).toBe(0);
    // Waiting for the private library does not hide the public one's copies.
    expect((await detail(student, bookId)).body.data.epustaka.id).toBe(publicId);
    const joinPublic = await ctx.request('POST', '/webhook/join-epustaka-member', { token: student.token, body: { epustaka_id: publicId, user_ids: [student.id] } });
    expect(joinPublic.body.data.member_status).toBe(1);
    expect((await detail(student, bookId)).body.data.epustaka.id).toBe(publicId);
    expect((await borrow(student, bookId, publicId)).body.code).toBe('SUCCESS');
  });
});
