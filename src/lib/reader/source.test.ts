import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { deriveStreamKey, sealChunk } from '../../../server/reader/crypto.ts';
import { createDrmSource, fetchDrmObject, STREAM_RETRIES, toRuns, type Loan } from './source.ts';
import { openPassword } from './crypto.ts';

const loan: Loan = { bookId: 'b1', userId: 'u1', epustakaId: null, borrowKey: 'pinjam-123', salt: randomBytes(16).toString('base64url') };
const file = new Uint8Array(randomBytes(10_000));
const CHUNK = 1024;

/** A stand-in for storage/streamobject that seals like the server does. */
function server(options: { failFirst?: number; status?: number } = {}) {
  let calls = 0;
  const bodies: { chunks?: [number, number][]; timestamp: number }[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    calls += 1;
    const body = JSON.parse(String(init.body));
    bodies.push(body);
    if (calls <= (options.failFirst ?? 0)) {
      return new Response(JSON.stringify({ errors: [{ code: 'stale_request', message: 'stale' }] }), { status: options.status ?? 400 });
    }
    const key = deriveStreamKey({ ...loan, object: 'book.pdf' });
    const total = Math.ceil(file.length / CHUNK);
    const runs: [number, number][] = body.chunks ?? [[0, total - 1]];
    const parts = runs.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => sealChunk(key, a + i, file.subarray((a + i) * CHUNK, (a + i + 1) * CHUNK))));
    return new Response(Buffer.concat(parts), { headers: { 'x-object-size': String(file.length), 'x-chunk-size': String(CHUNK) } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls: () => calls, bodies };
}

describe('createDrmSource', () => {
  test('reads any range as exactly the original bytes, fetching each chunk once', async () => {
    const stub = server();
    const source = createDrmSource({ url: '/storage/books/b1/book.pdf', size: file.length, chunkSize: CHUNK, loan, object: 'book.pdf', fetch: stub.fetch });
    expect(Array.from(await source.read(1000, 3100))).toEqual(Array.from(file.subarray(1000, 3100)));
    expect(Array.from(await source.read(9000, 10_000))).toEqual(Array.from(file.subarray(9000)));
    await source.read(1500, 2000);
    expect(stub.calls()).toBe(2);
    expect(stub.bodies[0]).toMatchObject({ bookId: 'b1', userid: 'u1', borrowkey: 'pinjam-123', url: '/storage/books/b1/book.pdf', chunks: [[0, 3]] });
  });

  test('retries a 400 with a fresh body and gives up on other failures', async () => {
    const flaky = server({ failFirst: 3 });
    const source = createDrmSource({ url: 'u', size: file.length, chunkSize: CHUNK, loan, object: 'book.pdf', fetch: flaky.fetch });
    expect((await source.read(0, 10)).length).toBe(10);
    expect(flaky.calls()).toBe(4);
    const refused = server({ failFirst: 99, status: 403 });
    const denied = createDrmSource({ url: 'u', size: file.length, chunkSize: CHUNK, loan, object: 'book.pdf', fetch: refused.fetch });
    await expect(denied.read(0, 10)).rejects.toMatchObject({ status: 403, code: 'stale_request' });
    expect(refused.calls()).toBe(1);
  });

  test(`stops after ${STREAM_RETRIES} retries`, async () => {
    const broken = server({ failFirst: 1000 });
    const source = createDrmSource({ url: 'u', size: file.length, chunkSize: CHUNK, loan, object: 'book.pdf', fetch: broken.fetch, retryDelay: () => 0 });
    await expect(source.read(0, 10)).rejects.toMatchObject({ status: 400 });
    expect(broken.calls()).toBe(STREAM_RETRIES + 1);
  });

  test('a chunk sealed for another loan does not open', async () => {
    const stub = server();
    const other = createDrmSource({ url: 'u', size: file.length, chunkSize: CHUNK, loan: { ...loan, borrowKey: 'other' }, object: 'book.pdf', fetch: stub.fetch });
    await expect(other.read(0, 10)).rejects.toThrow('toBuffer failed');
  });
});

describe('fetchDrmObject', () => {
  test('opens a whole object using the size the server sends', async () => {
    const stub = server();
    const bytes = await fetchDrmObject({ url: 'u', object: 'book.pdf', chunkSize: 64, loan, fetch: stub.fetch });
    expect(Buffer.from(bytes).equals(Buffer.from(file))).toBe(true);
  });
});

describe('openPassword', () => {
  test('opens the password the server sealed for the loan', async () => {
    const sealed = sealChunk(deriveStreamKey({ ...loan, object: 'password' }), 0, Buffer.from('abc')).toString('base64url');
    expect(await openPassword(loan, sealed)).toBe('abc');
  });
});

describe('toRuns', () => {
  test('groups chunk indices into runs', () => {
    expect(toRuns([5, 1, 2, 3, 9, 10, 2])).toEqual([[1, 3], [5, 5], [9, 10]]);
  });
});
