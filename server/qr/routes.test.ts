import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createApi } from '../app.ts';

let ctx: TestContext;
let owner: Caller;
let stranger: Caller;
let epustakaId: string;
let bookId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createCaller(ctx, { name: 'Ratna Wulandari' });
  stranger = await createCaller(ctx, { name: 'Sekar Ayu' });
  epustakaId = await createEpustaka(ctx, { name: 'Pustaka SMA Harapan', ownerId: owner.id });
  bookId = await createBook(ctx, { title: 'Laskar Pelangi', holdings: [{ epustakaId, copies: 2 }] });
});
afterAll(() => ctx.close());

function create(caller: Caller, body: Record<string, unknown>) {
  return ctx.request('POST', '/webhook/qr-code', { token: caller.token, body });
}

/** A scan answers with an image, not JSON; by default from one visitor (address and browser). */
function scan(path: string, headers: Record<string, string> = { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Pemindai/1.0' }) {
  return createApi(ctx.deps).request(path, { headers });
}

/** A scan from another visitor each time (another browser at another address). */
let visitors = 0;
function scanAsNew(path: string) {
  visitors += 1;
  return scan(path, { 'x-forwarded-for': `198.51.100.${100 + (visitors % 100)}`, 'user-agent': `Pemindai/${visitors}` });
}

async function countsOf(id: string) {
  const res = await ctx.request('GET', `/webhook/qr-code-detail?qr_id=${id}`, { token: owner.token });
  return res.body.data as { scan_count: number; locations: { location: string; scan_count: number }[] };
}

describe('webhook/qr-code', () => {
  test('the owner of an ePustaka makes codes for its books and for itself', async () => {
    const res = await create(owner, { target_type: 'BOOK', target_id: bookId, location_label: '  Rak 3, lantai 2 ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      location_label: 'Rak 3, lantai 2',
      scan_count: 0,
      locations: [],
      target: { type: 'BOOK', id: bookId, title: 'Laskar Pelangi', is_public: true },
    });
    const library = await create(owner, { target_type: 'EPUSTAKA', target_id: epustakaId });
    expect(library.status).toBe(201);
    expect(library.body.data.target.title).toBe('Pustaka SMA Harapan');
    expect(library.body.data.location_label).toBeNull();
  });

  test('others cannot make codes for items they do not hold; bad input is coded', async () => {
    expect((await create(stranger, { target_type: 'BOOK', target_id: bookId })).body.errors[0].code).toBe('qr_not_owner');
    const long = await create(owner, { target_type: 'BOOK', target_id: bookId, location_label: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].code).toBe('location_too_long');
    expect((await create(owner, { target_type: 'PODCAST', target_id: bookId })).body.errors[0].code).toBe('invalid_target_type');
    const video = await create(owner, { target_type: 'VIDEO', target_id: bookId });
    expect(video.status).toBe(404);
    expect(video.body.errors[0].code).toBe('qr_target_not_found');
    const missing = await create(owner, { target_type: 'BOOK', target_id: '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b' });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('qr_target_not_found');
  });
});

describe('webhook/qr-info and qr-scan', () => {
  test('anyone resolves a code; a scan counts per location, with nothing about the scanner', async () => {
    const code = (await create(owner, { target_type: 'BOOK', target_id: bookId, location_label: 'Rak 1' })).body.data;
    const info = await ctx.request('GET', `/webhook/qr-info?qr_id=${code.id}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      id: code.id,
      location_label: 'Rak 1',
      target: { type: 'BOOK', id: bookId, title: 'Laskar Pelangi', subtitle: null, cover_url: null, is_public: true },
    });
    // Resolving alone counts nothing.
    expect((await countsOf(code.id)).scan_count).toBe(0);

    const first = await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}&location=rak-1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(new TextDecoder().decode((await first.arrayBuffer()).slice(0, 6))).toBe('GIF89a');
    expect((await countsOf(code.id)).scan_count).toBe(1);

    await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}&location=Rak%201`);
    await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}`);
    const counts = await countsOf(code.id);
    expect(counts.scan_count).toBe(3);
    expect(counts.locations.map(({ location, scan_count }) => ({ location, scan_count }))).toEqual([
      { location: 'rak-1', scan_count: 2 },
      { location: '', scan_count: 1 },
    ]);
    const { rows } = await ctx.db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'qr_scans' ORDER BY column_name`);
    expect(rows.map((r: any) => r.column_name)).toEqual(['last_scanned_at', 'location', 'qr_code_id', 'scan_count']);
  });

  test('a visitor counts once per code and day: an account wherever it scans from, else its address and browser', async () => {
    const code = (await create(owner, { target_type: 'BOOK', target_id: bookId, location_label: 'Rak 2' })).body.data;
    const path = `/webhook/qr-scan?qr_id=${code.id}&location=rak-2`;
    ctx.setNow(new Date('2026-11-20T03:00:00Z'));
    try {
      for (let i = 0; i < 5; i += 1) expect((await scan(path)).status).toBe(200);
      expect((await countsOf(code.id)).scan_count).toBe(1);
      // Another browser at the same address, and the same browser at another address, are others.
      await scan(path, { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Peramban lain' });
      await scan(path, { 'x-forwarded-for': '198.51.100.8', 'user-agent': 'Pemindai/1.0' });
      expect((await countsOf(code.id)).scan_count).toBe(3);
      // A signed-in reader is one visitor from any address or browser.
      for (const ip of ['203.0.113.1', '203.0.113.2']) {
        await scan(path, { authorization: `Bearer ${stranger.token}`, 'x-forwarded-for': ip, 'user-agent': ip });
      }
      expect((await countsOf(code.id)).scan_count).toBe(4);
      // Neither the address nor the account is kept: only that day's hashes.
      const kept = JSON.stringify((await ctx.db.query('SELECT * FROM qr_scan_visitors')).rows);
      for (const secret of ['198.51.100.7', 'Pemindai', stranger.id]) expect(kept).not.toContain(secret);

      // The next day (in Indonesia's western time) everyone counts again, and the day before is forgotten.
      ctx.setNow(new Date('2026-11-20T17:30:00Z'));
      await scan(path);
      await scan(path, { authorization: `Bearer ${stranger.token}` });
      expect((await countsOf(code.id)).scan_count).toBe(6);
      const days = await ctx.db.query<{ day: string }>('SELECT DISTINCT day::text AS day FROM qr_scan_visitors UNION SELECT day::text FROM qr_scan_salts');
      expect(days.rows.map((r) => r.day)).toContain('2026-11-21');
      expect(days.rows.map((r) => r.day)).not.toContain('2026-11-20');
    } finally {
      ctx.setNow(null);
    }
  });

  test("only the code's own location counts as a location; made-up ones count as none and take no place", async () => {
    const code = (await create(owner, { target_type: 'BOOK', target_id: bookId, location_label: 'Rak 3, lantai 2' })).body.data;
    for (let i = 0; i < 25; i += 1) await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}&location=tempat-${i}`);
    await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}&location=rak-3-lantai-2`);
    await scanAsNew(`/webhook/qr-scan?qr_id=${code.id}&location=Rak%203%2C%20lantai%202`);
    const counts = await countsOf(code.id);
    expect(counts.scan_count).toBe(27);
    expect(counts.locations.map(({ location, scan_count }) => ({ location, scan_count }))).toEqual([
      { location: '', scan_count: 25 },
      { location: 'rak-3-lantai-2', scan_count: 2 },
    ]);
    // A code printed without a location counts every scan under no location.
    const plain = (await create(owner, { target_type: 'EPUSTAKA', target_id: epustakaId })).body.data;
    await scanAsNew(`/webhook/qr-scan?qr_id=${plain.id}&location=lobi`);
    expect((await countsOf(plain.id)).locations.map((l) => l.location)).toEqual(['']);
  });

  test('scans are throttled per address: past the allowance 429 with Retry-After, counting nothing', async () => {
    const code = (await create(owner, { target_type: 'BOOK', target_id: bookId })).body.data;
    const path = `/webhook/qr-scan?qr_id=${code.id}`;
    const before = ctx.config.limits.qrScansPerAddress;
    ctx.config.limits.qrScansPerAddress = 3;
    ctx.setNow(new Date('2026-11-20T04:00:00Z'));
    try {
      for (let i = 0; i < 3; i += 1) expect((await scan(path, { 'x-forwarded-for': '192.0.2.77', 'user-agent': `Peramban ${i}` })).status).toBe(200);
      const refused = await scan(path, { 'x-forwarded-for': '192.0.2.77', 'user-agent': 'Peramban 9' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as any).errors[0].code).toBe('too_many_requests');
      expect((await countsOf(code.id)).scan_count).toBe(3);
      expect((await scan(path, { 'x-forwarded-for': '192.0.2.78', 'user-agent': 'Peramban 9' })).status).toBe(200);
      expect((await countsOf(code.id)).scan_count).toBe(4);
    } finally {
      ctx.config.limits.qrScansPerAddress = before;
      ctx.setNow(null);
    }
  });

  test('an unknown or deleted code is not found, and only its owner deletes it', async () => {
    const code = (await create(owner, { target_type: 'BOOK', target_id: bookId })).body.data;
    const foreign = await ctx.request('DELETE', '/webhook/qr-code', { token: stranger.token, body: { id: code.id } });
    expect(foreign.status).toBe(403);
    expect((await ctx.request('DELETE', '/webhook/qr-code', { token: owner.token, body: { id: code.id } })).status).toBe(200);
    for (const path of [`/webhook/qr-info?qr_id=${code.id}`, `/webhook/qr-scan?qr_id=${code.id}`, '/webhook/qr-info?qr_id=0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b']) {
      const res = await ctx.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.errors[0].code).toBe('qr_not_found');
    }
    expect((await ctx.request('GET', '/webhook/qr-info?qr_id=nope')).body.errors[0].code).toBe('invalid_qr_id');
  });

  test('the owner lists their codes with counts; others see none of them', async () => {
    const mine = await ctx.request('GET', '/webhook/qr-code-list', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.meta.total).toBeGreaterThanOrEqual(3);
    expect(mine.body.data.every((c: any) => typeof c.scan_count === 'number')).toBe(true);
    const theirs = await ctx.request('GET', '/webhook/qr-code-list', { token: stranger.token });
    expect(theirs.body.meta.total).toBe(0);
    const peek = await ctx.request('GET', `/webhook/qr-code-detail?qr_id=${mine.body.data[0].id}`, { token: stranger.token });
    expect(peek.status).toBe(403);
  });
});

describe('webhook/qr-targets', () => {
  test('lists the ePustakas the caller runs and their books, searchable', async () => {
    const all = await ctx.request('GET', '/webhook/qr-targets', { token: owner.token });
    expect(all.body.data).toEqual([
      { type: 'EPUSTAKA', id: epustakaId, title: 'Pustaka SMA Harapan', subtitle: null },
      { type: 'BOOK', id: bookId, title: 'Laskar Pelangi', subtitle: 'Pustaka SMA Harapan' },
    ]);
    const found = await ctx.request('GET', '/webhook/qr-targets?q=pelangi', { token: owner.token });
    expect(found.body.data.map((c: any) => c.id)).toEqual([bookId]);
    const none = await ctx.request('GET', '/webhook/qr-targets?q=100%25', { token: owner.token });
    expect(none.body.data).toEqual([]);
    expect((await ctx.request('GET', '/webhook/qr-targets', { token: stranger.token })).body.data).toEqual([]);
  });
});
