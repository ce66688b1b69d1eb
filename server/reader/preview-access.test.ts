import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReaderTestContext, type ReaderTestContext } from './testing.ts';

/*
 * The picture of page 1 that the ingest makes for a PDF (the reader draws it at once while pdf.js
 * starts) is part of the book: for a DRM book it is served only to a reader with an open loan,
 * sealed like the book itself, and never in plain; an open book's is served like its file.
 */

let ctx: ReaderTestContext;
let reader: { id: string; email: string; password: string };
let token: string;
let drmBook: string;
let openBook: string;

beforeAll(async () => {
  ctx = await createReaderTestContext();
  reader = await ctx.createUser();
  token = await ctx.signIn(reader);
  drmBook = (await ctx.ingest('panduan-bersampul.pdf')).book_id;
  openBook = (await ctx.ingest('panduan-bersampul.pdf', { drm: false })).book_id;
});
afterAll(() => ctx.close());

const previewUrl = (bookId: string) => `/storage/books/${bookId}/preview`;

async function streamPreview(bookId: string, borrowKey: string): Promise<Response> {
  const body = { bookId, userid: reader.id, epustakaid: ctx.epustakaId, borrowkey: borrowKey, url: previewUrl(bookId), timestamp: Date.now() };
  return ctx.raw('POST', '/storage/streamobject', { token, body });
}

describe('the picture of page 1', () => {
  test('exists for both books', async () => {
    for (const bookId of [drmBook, openBook]) {
      const { rows } = await ctx.db.query<{ preview: unknown }>('SELECT preview FROM book_files WHERE book_id = $1', [bookId]);
      expect(rows[0]?.preview, bookId).toBeTruthy();
    }
  });

  test('of a DRM book: refused without a loan, streamed sealed with one, never served in plain', async () => {
    const noLoan = await streamPreview(drmBook, 'guessed-key');
    expect(noLoan.status).toBe(403);

    const plain = await ctx.raw('GET', previewUrl(drmBook), { token });
    expect(plain.status).toBe(403);

    const { borrowKey } = await ctx.lend(reader.id, drmBook);
    const withLoan = await streamPreview(drmBook, borrowKey);
    expect(withLoan.status).toBe(200);
    const sealed = Buffer.from(await withLoan.arrayBuffer());
    expect(sealed.length).toBeGreaterThan(0);
    expect(sealed.includes(Buffer.from('WEBP'))).toBe(false);
    // Still no plain picture, loan or not.
    expect((await ctx.raw('GET', previewUrl(drmBook), { token })).status).toBe(403);
  });

  test('of an open book: served to a signed-in reader, not to a visitor', async () => {
    const res = await ctx.raw('GET', previewUrl(openBook), { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await ctx.raw('GET', previewUrl(openBook), {})).status).toBe(401);
  });
});
