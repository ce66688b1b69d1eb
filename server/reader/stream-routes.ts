import { Hono } from 'hono';
import { MAX_CHUNKS_PER_REQUEST, streamObjectSchema } from '../../src/lib/reader/schema.ts';
import { optionalCaller, requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { assertReadable, decideRead, decideView } from '../access/content-access.ts';
import { contentItemOf, findBookOwner, readerOf } from '../access/books.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { isUuid } from '../http/list-params.ts';
import { parseRange } from '../http/range.ts';
import { chunkCount, deriveStreamKey, sameSecret, sealChunk } from './crypto.ts';
import { imageType, objectFromUrl, objectType, type BookObject } from './objects.ts';
import { findReaderBook, type ReaderBookRow } from './repository.ts';
import { COVER_OBJECT, objectSize, readObject, readObjectRange } from './store.ts';
import type { ApiDeps } from '../deps.ts';

/** How far a stream request's timestamp may be from the server's clock. */
const TIMESTAMP_SKEW_MS = 10 * 60 * 1000;

/**
 * storage/streamobject (DRM books, sealed chunks) and storage/books/{id}/… (open books by plain range
 * requests, and covers). storage/ingest is in ingest.ts.
 */
export function streamRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const { db, store } = deps;

  app.post('/streamobject', requireCaller(deps), async (c) => {
    const body = await jsonBody(c, streamObjectSchema);
    const { user } = c.get('caller');
    if (body.userid !== user.id) throw forbidden('user_mismatch', 'The stream was asked for another user.');
    const now = deps.now();
    if (Math.abs(now.getTime() - body.timestamp) > TIMESTAMP_SKEW_MS) {
      // The client retries a 400 with a fresh timestamp (spec 02 §7).
      throw badRequest('stale_request', 'The request timestamp is too far from the server clock.', 'timestamp');
    }
    const book = await findBook(body.bookId, user.organization_id);
    if (!book.using_drm) throw new ApiError(409, 'book_not_drm', 'This book is open: fetch it with range requests.');
    const access = await decideRead(db, contentItemOf(book), readerOf(user), now);
    assertReadable(access);
    const loan = access.loan;
    if (!loan) throw forbidden('no_active_loan', 'Borrow the book to read it.');
    if (!sameSecret(loan.borrow_key, body.borrowkey)) throw forbidden('borrow_key_mismatch', 'The borrow key does not belong to your loan.');
    const object = objectFromUrl(book, body.url);
    if (!object) throw notFound('object_not_found', 'The book has no such file.');

    const total = chunkCount(object.size, book.chunk_size);
    const ranges = body.chunks ?? [[0, total - 1] as [number, number]];
    let count = 0;
    for (const [first, last] of ranges) {
      if (last >= total) throw new ApiError(416, 'range_not_satisfiable', `The object has ${total} chunks.`);
      count += last - first + 1;
    }
    if (body.chunks && count > MAX_CHUNKS_PER_REQUEST) throw new ApiError(416, 'too_many_chunks', `Ask for at most ${MAX_CHUNKS_PER_REQUEST} chunks at once.`);

    const key = deriveStreamKey({ borrowKey: loan.borrow_key, salt: book.key_salt, bookId: book.book_id, userId: user.id, object: object.name });
    const parts: Buffer[] = [];
    for (const [first, last] of ranges) {
      const plain = await readStored(book, object, first * book.chunk_size, (last - first + 1) * book.chunk_size);
      for (let index = first; index <= last; index++) {
        const start = (index - first) * book.chunk_size;
        parts.push(sealChunk(key, index, plain.subarray(start, Math.min(start + book.chunk_size, plain.length))));
      }
    }
    return c.body(new Uint8Array(Buffer.concat(parts)), 200, {
      'Content-Type': 'application/octet-stream',
      'Cache-Control': 'no-store',
      'X-Object-Size': String(object.size),
      'X-Chunk-Size': String(book.chunk_size),
    });
  });

  app.get('/books/:bookId/cover', optionalCaller(deps), async (c) => {
    const bookId = c.req.param('bookId');
    if (!isUuid(bookId) || (await objectSize(store, bookId, COVER_OBJECT)) === null) throw notFound('cover_not_found', 'No such cover.');
    const caller = c.get('caller');
    const view = await decideView(db, await findBookOwner(db, bookId), caller ? readerOf(caller.user) : null, deps.now());
    if (!view.allowed) throw notFound('cover_not_found', 'No such cover.');
    const bytes = await readObject(store, bookId, COVER_OBJECT);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': imageType(bytes),
      // A cover only the organisation sees is kept by no shared cache.
      'Cache-Control': view.audience === 'public' ? 'public, max-age=86400, stale-while-revalidate=604800' : 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  app.get('/books/:bookId/*', requireCaller(deps), async (c) => {
    const { user } = c.get('caller');
    const book = await findBook(c.req.param('bookId'), user.organization_id);
    if (book.using_drm) throw forbidden('drm_protected', 'This book is only streamed encrypted, to a reader who borrowed it.');
    assertReadable(await decideRead(db, contentItemOf(book), readerOf(user), deps.now()));
    const object = objectFromUrl(book, new URL(c.req.url).pathname);
    if (!object) throw notFound('object_not_found', 'The book has no such file.');
    const headers: Record<string, string> = {
      'Content-Type': objectType(object.name),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=86400',
      ETag: `"${book.sha256.slice(0, 16)}"`,
      // A chapter opened on its own must not run anything on this origin.
      'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; sandbox",
    };
    const range = parseRange(c.req.header('range'), object.size);
    if (range === 'invalid') {
      return c.body(null, 416, { 'Content-Range': `bytes */${object.size}` });
    }
    if (range) {
      const bytes = await readStored(book, object, range.start, range.end - range.start + 1);
      return c.body(new Uint8Array(bytes), 206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${object.size}` });
    }
    const bytes = await readStored(book, object, 0, object.size);
    return c.body(new Uint8Array(bytes), 200, headers);
  });

  async function findBook(bookId: string, organizationId: string): Promise<ReaderBookRow> {
    const book = isUuid(bookId) ? await findReaderBook(db, bookId) : null;
    if (!book || book.organization_id !== organizationId) throw notFound('book_not_found', 'The book has no readable file.');
    return book;
  }

  async function readStored(book: ReaderBookRow, object: BookObject, offset: number, length: number): Promise<Buffer> {
    try {
      return await readObjectRange(store, book.book_id, object.name, offset, Math.min(length, Math.max(0, object.size - offset)));
    } catch (cause) {
      throw new ApiError(404, 'file_missing', 'The stored file of this book is missing.', { cause });
    }
  }

  return app;
}

