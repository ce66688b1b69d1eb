import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TAG_BYTES, chunkCount, deriveStreamKey, openChunk } from './crypto.ts';
import { createReaderTestContext, type ReaderTestContext } from './testing.ts';

let ctx: ReaderTestContext;
let reader: { id: string; email: string; password: string };
let other: { id: string; email: string; password: string };
let token: string;
let otherToken: string;
let pdf: { id: string; bytes: Uint8Array; salt: string; chunk: number };
let epub: { id: string; salt: string };
let openPdf: string;

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function fileFacts(bookId: string) {
  return (await ctx.db.query<{ key_salt: string; chunk_size: number }>('SELECT key_salt, chunk_size FROM book_files WHERE book_id = $1', [bookId])).rows[0]!;
}

beforeAll(async () => {
  ctx = await createReaderTestContext();
  reader = await ctx.createUser();
  other = await ctx.createUser();
  token = await ctx.signIn(reader);
  otherToken = await ctx.signIn(other);
  const book = await ctx.ingest('panduan-bersampul.pdf');
  const facts = await fileFacts(book.book_id);
  pdf = { id: book.book_id, bytes: ctx.fixture('panduan-bersampul.pdf'), salt: facts.key_salt, chunk: facts.chunk_size };
  const pictured = await ctx.ingest('epub3-gambar.epub');
  epub = { id: pictured.book_id, salt: (await fileFacts(pictured.book_id)).key_salt };
  openPdf = (await ctx.ingest('panduan-bersampul.pdf', { drm: false })).book_id;
});
afterAll(() => ctx.close());

function streamBody(userId: string, bookId: string, borrowKey: string, url: string, extra: Record<string, unknown> = {}) {
  return { bookId, userid: userId, epustakaid: ctx.epustakaId, borrowkey: borrowKey, url, timestamp: Date.now(), ...extra };
}

async function stream(tokenOf: string, body: Record<string, unknown>) {
  const res = await ctx.raw('POST', '/storage/streamobject', { token: tokenOf, body });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

function decrypt(sealed: Buffer, key: Buffer, first: number, chunkSize: number, objectSize: number): Buffer {
  const out: Buffer[] = [];
  let offset = 0;
  for (let index = first; offset < sealed.length; index++) {
    const plainLength = Math.min(chunkSize, objectSize - index * chunkSize);
    out.push(openChunk(key, index, sealed.subarray(offset, offset + plainLength + TAG_BYTES)));
    offset += plainLength + TAG_BYTES;
  }
  return Buffer.concat(out);
}

describe('storage/streamobject', () => {
  test('refuses a reader without a loan', async () => {
    const res = await stream(token, streamBody(reader.id, pdf.id, 'guessed-key', `/storage/books/${pdf.id}/book.pdf`));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.bytes.toString()).errors[0].code).toBe('no_active_loan');
  });

  test("refuses another user's borrow key, and a stream asked for another user", async () => {
    const { borrowKey: theirs } = await ctx.lend(other.id, pdf.id);
    await ctx.lend(reader.id, pdf.id);
    const withTheirKey = await stream(token, streamBody(reader.id, pdf.id, theirs, `/storage/books/${pdf.id}/book.pdf`));
    expect(withTheirKey.status).toBe(403);
    expect(JSON.parse(withTheirKey.bytes.toString()).errors[0].code).toBe('borrow_key_mismatch');
    const forThem = await stream(token, streamBody(other.id, pdf.id, theirs, `/storage/books/${pdf.id}/book.pdf`));
    expect(forThem.status).toBe(403);
    // Their own key still works for them.
    expect((await stream(otherToken, streamBody(other.id, pdf.id, theirs, `/storage/books/${pdf.id}/book.pdf`, { chunks: [[0, 0]] }))).status).toBe(200);
  });

  test('ranges decrypt to exactly the original bytes, and no byte of the PDF travels in the clear', async () => {
    const book = await ctx.ingest('panduan-bersampul.pdf');
    const { key_salt, chunk_size } = await fileFacts(book.book_id);
    const { borrowKey } = await ctx.lend(reader.id, book.book_id);
    const key = deriveStreamKey({ borrowKey, salt: key_salt, bookId: book.book_id, userId: reader.id, object: 'book.pdf' });
    const url = `/storage/books/${book.book_id}/book.pdf`;
    const last = chunkCount(pdf.bytes.length, chunk_size) - 1;
    for (const [first, end] of [[0, 0], [3, 9], [last - 2, last]] as const) {
      const res = await stream(token, streamBody(reader.id, book.book_id, borrowKey, url, { chunks: [[first, end]] }));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-object-size')).toBe(String(pdf.bytes.length));
      expect(res.bytes.includes(PDF_MAGIC)).toBe(false);
      const plain = decrypt(res.bytes, key, first, chunk_size, pdf.bytes.length);
      expect(plain.equals(Buffer.from(pdf.bytes.subarray(first * chunk_size, Math.min((end + 1) * chunk_size, pdf.bytes.length))))).toBe(true);
    }
    const whole = await stream(token, streamBody(reader.id, book.book_id, borrowKey, url));
    expect(whole.bytes.includes(PDF_MAGIC)).toBe(false);
    expect(decrypt(whole.bytes, key, 0, chunk_size, pdf.bytes.length).equals(Buffer.from(pdf.bytes))).toBe(true);
  });

  test('each EPUB resource streams sealed on its own and decrypts to the file in the book', async () => {
    const { borrowKey } = await ctx.lend(reader.id, epub.id);
    const entries = unzipSync(ctx.fixture('epub3-gambar.epub'));
    for (const path of ['META-INF/container.xml', 'OPS/package.opf', 'OPS/bab-1.xhtml', 'OPS/images/gambar-1.jpg']) {
      const original = entries[path];
      expect(original, path).toBeDefined();
      const res = await stream(token, streamBody(reader.id, epub.id, borrowKey, `/storage/books/${epub.id}/epub/${path}`));
      expect(res.status, path).toBe(200);
      expect(res.bytes.includes(ZIP_LOCAL_HEADER)).toBe(false);
      expect(res.bytes.includes(Buffer.from('<?xml'))).toBe(false);
      const key = deriveStreamKey({ borrowKey, salt: epub.salt, bookId: epub.id, userId: reader.id, object: `epub/${path}` });
      expect(decrypt(res.bytes, key, 0, 65536, original!.length).equals(Buffer.from(original!))).toBe(true);
    }
  });

  test('the picture of page 1 streams sealed too, and opens to a WebP', async () => {
    const book = await ctx.ingest('panduan-bersampul.pdf');
    const { key_salt } = await fileFacts(book.book_id);
    const { borrowKey } = await ctx.lend(reader.id, book.book_id);
    const res = await stream(token, streamBody(reader.id, book.book_id, borrowKey, `/storage/books/${book.book_id}/preview`));
    expect(res.status).toBe(200);
    expect(res.bytes.includes(Buffer.from('WEBP'))).toBe(false);
    const key = deriveStreamKey({ borrowKey, salt: key_salt, bookId: book.book_id, userId: reader.id, object: 'preview' });
    const size = Number(res.headers.get('x-object-size'));
    const plain = decrypt(res.bytes, key, 0, Number(res.headers.get('x-chunk-size')), size);
    expect(plain.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(plain.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  test('stops serving when the loan is returned or has expired', async () => {
    const book = await ctx.ingest('sandi-abc.pdf', { password: 'abc' });
    const url = `/storage/books/${book.book_id}/book.pdf`;
    const loan = await ctx.lend(reader.id, book.book_id);
    expect((await stream(token, streamBody(reader.id, book.book_id, loan.borrowKey, url))).status).toBe(200);
    await ctx.db.query('UPDATE borrows SET returned_at = now() WHERE id = $1', [loan.id]);
    const returned = await stream(token, streamBody(reader.id, book.book_id, loan.borrowKey, url));
    expect(returned.status).toBe(403);
    expect(returned.bytes.includes(PDF_MAGIC)).toBe(false);

    const next = await ctx.lend(reader.id, book.book_id, { dueInMs: 60_000 });
    expect((await stream(token, streamBody(reader.id, book.book_id, next.borrowKey, url))).status).toBe(200);
    // The old key is no good for the new loan either.
    expect((await stream(token, streamBody(reader.id, book.book_id, loan.borrowKey, url))).status).toBe(403);
    ctx.setNow(new Date(Date.now() + 120_000));
    try {
      const expired = await stream(token, streamBody(reader.id, book.book_id, next.borrowKey, url, { timestamp: Date.now() + 120_000 }));
      expect(expired.status).toBe(403);
    } finally {
      ctx.setNow(null);
    }
  });

  test('answers a stale timestamp with 400, which the reader retries', async () => {
    const res = await stream(token, streamBody(reader.id, pdf.id, 'any-key', `/storage/books/${pdf.id}/book.pdf`, { timestamp: Date.now() - 3_600_000 }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString()).errors[0].code).toBe('stale_request');
  });

  test('refuses objects outside the book and chunks past its end', async () => {
    const book = await ctx.ingest('sajak.epub');
    const { borrowKey } = await ctx.lend(reader.id, book.book_id);
    for (const url of [`/storage/books/${book.book_id}/epub/../../signing-secret`, `/storage/books/${book.book_id}/epub/nothing.xhtml`, `/storage/books/${pdf.id}/book.pdf`]) {
      expect((await stream(token, streamBody(reader.id, book.book_id, borrowKey, url))).status, url).toBe(404);
    }
    const past = await stream(token, streamBody(reader.id, book.book_id, borrowKey, `/storage/books/${book.book_id}/epub/META-INF/container.xml`, { chunks: [[5, 6]] }));
    expect(past.status).toBe(416);
  });

  test('needs a signed-in caller', async () => {
    const res = await stream('', streamBody(reader.id, pdf.id, 'x', `/storage/books/${pdf.id}/book.pdf`));
    expect(res.status).toBe(401);
  });
});

describe('storage/books/{id}/…', () => {
  test('never serves a DRM book in the clear, even to its borrower', async () => {
    const res = await ctx.raw('GET', `/storage/books/${pdf.id}/book.pdf`, { token, headers: { range: 'bytes=0-1023' } });
    expect(res.status).toBe(403);
    expect(Buffer.from(await res.arrayBuffer()).includes(PDF_MAGIC)).toBe(false);
    const chapter = await ctx.raw('GET', `/storage/books/${epub.id}/epub/OPS/package.opf`, { token });
    expect(chapter.status).toBe(403);
  });

  test('serves an open book by byte ranges', async () => {
    const res = await ctx.raw('GET', `/storage/books/${openPdf}/book.pdf`, { token, headers: { range: 'bytes=100-1123' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${pdf.bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(pdf.bytes.subarray(100, 1124)))).toBe(true);
    const tail = await ctx.raw('GET', `/storage/books/${openPdf}/book.pdf`, { token, headers: { range: `bytes=${pdf.bytes.length}-` } });
    expect(tail.status).toBe(416);
  });

  test('serves the cover the ingest made to anyone', async () => {
    const res = await ctx.raw('GET', `/storage/books/${pdf.id}/cover`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('the open-book answer of a DRM book', () => {
  test('carries no plaintext and a password only the loan can open', async () => {
    const book = await ctx.ingest('sandi-abc.pdf', { password: 'abc' });
    const { borrowKey } = await ctx.lend(reader.id, book.book_id);
    const res = await ctx.raw('GET', `/webhook/open-book?book_id=${book.book_id}`, { token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('%PDF-');
    expect(text).not.toContain('"abc"');
    const { data } = JSON.parse(text);
    expect(data).toMatchObject({ isDrm: true, borrow_key: borrowKey, file_ext: 'pdf', pages: 1, url_file: `/storage/books/${book.book_id}/book.pdf` });
    const { key_salt } = await fileFacts(book.book_id);
    const key = deriveStreamKey({ borrowKey, salt: key_salt, bookId: book.book_id, userId: reader.id, object: 'password' });
    expect(openChunk(key, 0, Buffer.from(data.stream.sealed_password, 'base64url')).toString()).toBe('abc');
  });
});
