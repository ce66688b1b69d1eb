import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller } from '../test/catalogue.ts';
import { makeTryout } from './testing.ts';

/*
 * The tryout list's filters (GET tryout-list): subject group, level and price, each from its list
 * of known values; an unknown value is a coded 400, never a 5xx; 10 at a time with the filter kept.
 */

let ctx: TestContext;
let token: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await createCaller(ctx)).token;
  // 12 free general SMA tryouts, so the list has a second page.
  for (let i = 0; i < 12; i += 1) await makeTryout(ctx, { title: `Umum ${String(i).padStart(2, '0')}`, counts: [1] });
  await makeTryout(ctx, { title: 'Saintek SMA berbayar', subject_group: 'saintek', price: 25_000, counts: [1] });
  await makeTryout(ctx, { title: 'Saintek SMK', subject_group: 'saintek', level: 'SMK', counts: [1] });
  await makeTryout(ctx, { title: 'Mapel SMP', subject_group: 'mapel', level: 'SMP', hours: 100, counts: [1] });
  // Opens tomorrow, and one that closed an hour ago: upcoming ones come before closed ones.
  const now = ctx.deps.now().getTime();
  await makeTryout(ctx, { title: 'Mapel SMP besok', subject_group: 'mapel', level: 'SMP', opens_at: new Date(now + 24 * HOUR), closes_at: new Date(now + 48 * HOUR), counts: [1] });
  await makeTryout(ctx, { title: 'Mapel SMP selesai', subject_group: 'mapel', level: 'SMP', opens_at: new Date(now - 3 * HOUR), closes_at: new Date(now - HOUR), counts: [1] });
});
afterAll(() => ctx.close());

const list = (query: string) => ctx.request('GET', `/webhook/tryout-list?${query}`, { token });
const titles = (body: { data: { title: string }[] }) => body.data.map((q) => q.title).sort();

describe('filtering the tryout list', () => {
  test('by subject group, level and price, alone and together', async () => {
    const saintek = await list('subject_group=saintek');
    expect([saintek.status, titles(saintek.body)]).toEqual([200, ['Saintek SMA berbayar', 'Saintek SMK']]);
    expect(titles((await list('level=SMK')).body)).toEqual(['Saintek SMK']);
    expect(titles((await list('subject_group=saintek&level=SMA')).body)).toEqual(['Saintek SMA berbayar']);
    expect(titles((await list('price=paid')).body)).toEqual(['Saintek SMA berbayar']);
    expect(titles((await list('subject_group=saintek&price=free')).body)).toEqual(['Saintek SMK']);
    const none = await list('subject_group=soshum');
    expect([none.status, none.body.data, none.body.meta.total]).toEqual([200, [], 0]);
  });

  test('open and upcoming tryouts before closed ones, by the server clock', async () => {
    const smp = await list('subject_group=mapel&level=SMP');
    expect(smp.body.data.map((q: { title: string; window: string }) => [q.title, q.window])).toEqual([
      ['Mapel SMP besok', 'upcoming'], ['Mapel SMP', 'open'], ['Mapel SMP selesai', 'closed'],
    ]);
    // Two days on, tomorrow's has closed too, and the one open longest leads.
    ctx.setNow(new Date(Date.now() + 50 * HOUR));
    try {
      const later = await list('subject_group=mapel&level=SMP');
      expect(later.body.data.map((q: { title: string; window: string }) => [q.title, q.window])).toEqual([
        ['Mapel SMP', 'open'], ['Mapel SMP besok', 'closed'], ['Mapel SMP selesai', 'closed'],
      ]);
    } finally {
      ctx.setNow(null);
    }
  });

  test('10 at a time, then the next 10, with the filter kept', async () => {
    const first = await list('subject_group=umum&level=SMA');
    expect([first.body.data.length, first.body.meta]).toEqual([10, { total: 12, limit: 10, offset: 0 }]);
    const next = await list('subject_group=umum&level=SMA&offset=10');
    expect(next.body.data).toHaveLength(2);
    expect(next.body.data.every((q: { subject_group: string; level: string }) => q.subject_group === 'umum' && q.level === 'SMA')).toBe(true);
    const all = [...first.body.data, ...next.body.data].map((q: { title: string }) => q.title);
    expect(new Set(all).size).toBe(12);
  });

  test('an unknown value is a coded 400 and nothing else', async () => {
    const cases: [string, string][] = [
      ['subject_group=astrologi', 'invalid_subject_group'],
      ['subject_group=SAINTEK', 'invalid_subject_group'],
      ['level=S3', 'invalid_level'],
      ["level=SMA' OR '1'='1", 'invalid_level'],
      [`level=${'x'.repeat(5000)}`, 'invalid_level'],
      ['price=cheap', 'invalid_price'],
      ['limit=0', 'invalid_limit'],
    ];
    for (const [query, code] of cases) {
      const res = await list(query.replace(/ /g, '%20'));
      expect([query.slice(0, 40), res.status, res.body.errors?.[0]?.code]).toEqual([query.slice(0, 40), 400, code]);
    }
  });
});
