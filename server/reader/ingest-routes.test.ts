import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createEpustaka } from '../test/catalogue.ts';
import { createApi } from '../app.ts';
import { ensureIngestSecret, INGEST_SECRET_HEADER } from './ingest-secret.ts';
import { demoMediaPath } from '../seed/media/media.ts';
import { MAX_BOOK_BYTES } from '../../src/lib/reader/schema.ts';

/*
 * storage/ingest takes video and audio from `npm run ingest` as it takes books: checked by
 * signature and completeness, stored with its duration, and nothing kept of a refused file.
 */

let ctx: TestContext;
let dataDir: string;
let app: ReturnType<typeof createApi>;
let secret: string;
let library: string;
const audio = new Uint8Array(readFileSync(demoMediaPath('dongeng-kancil.ogg')));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ingest-route-'));
  ctx = await createTestContext({ dataDir });
  app = createApi(ctx.deps);
  secret = ensureIngestSecret(dataDir);
  library = await createEpustaka(ctx, { name: 'Pustaka Kiriman' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(bytes: Uint8Array, fileName: string, headers: Record<string, string> = { [INGEST_SECRET_HEADER]: secret }, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  form.set('file_name', fileName);
  form.set('epustaka', library);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return app.request('/storage/ingest', { method: 'POST', body: form, headers: { origin: 'http://localhost', ...headers } });
}

const mediaRows = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_items')).rows[0]!.n;
const mediaFolders = () => (existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')) : []);

describe('storage/ingest with media', () => {
  test('an audio file is stored with its duration and held by the ePustaka', async () => {
    const res = await post(audio, 'kancil.ogg', undefined, { title: 'Kancil Kiriman' });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ title: 'Kancil Kiriman', type: 'audio', extension: 'ogg', epustaka_id: library });
    expect(data.duration).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'media', data.id))).toContain('media.ogg');
  });

  test('a truncated or mislabelled file is refused with a clear message, leaving no row and no file', async () => {
    const rows = await mediaRows();
    const folders = mediaFolders();
    const cut = await post(audio.subarray(0, Math.floor(audio.byteLength / 2)), 'potong.ogg');
    expect(cut.status).toBe(400);
    expect((await cut.json()).errors[0]).toMatchObject({ code: expect.stringMatching(/^media_(truncated|unreadable|no_duration)$/), message: expect.stringContaining('potong.ogg') });
    const wrong = await post(audio, 'palsu.webm');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors[0]).toMatchObject({ code: 'media_mismatch', message: 'palsu.webm is not a webm file: its contents do not match its extension.' });
    expect(await mediaRows()).toBe(rows);
    expect(mediaFolders()).toEqual(folders);
  });

  test('without the secret nothing is stored, and a body larger than a book is not even read', async () => {
    const rows = await mediaRows();
    expect((await post(audio, 'kancil.ogg', { [INGEST_SECRET_HEADER]: 'salah' })).status).toBe(403);
    const big = new Uint8Array(MAX_BOOK_BYTES + 3 * 1024 * 1024);
    big.set(audio);
    expect((await post(big, 'besar.ogg', {})).status).toBe(413);
    expect(await mediaRows()).toBe(rows);
  });
});
