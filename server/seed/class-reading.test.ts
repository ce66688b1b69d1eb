import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';
import { signIn } from '../test/catalogue.ts';

let ctx: TestContext;
const tokenOf = async (email: string) => {
  const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return signIn(ctx, rows[0]!);
};

beforeAll(async () => {
  ctx = await createDemoContext();
});
afterAll(() => ctx.close());

test('the demo teacher sees Sekar reading in XI IPA 1, and the librarian her loans in the library', async () => {
  const guru = await tokenOf('guru@demo.id');
  const classes = await ctx.request('GET', '/webhook/class-reading-classes', { token: guru });
  const ipa = classes.body.data.find((c: { name: string }) => c.name === 'XI IPA 1');
  expect(ipa).toMatchObject({ role: 'teacher', student_count: 2 });
  const reading = await ctx.request('GET', `/webhook/class-reading?class_id=${ipa.id}`, { token: guru });
  const sekar = reading.body.data.students.find((s: { name: string }) => s.name === 'Sekar Ayu Lestari');
  expect(sekar).toMatchObject({ open_loans: 1, books_finished: 2, reviews: 2 });
  // 40 pages × 2 min + 25 × 1 min + 6 × 3 min.
  expect(sekar.seconds_read).toBe((80 + 25 + 18) * 60);
  expect(sekar.books.map((b: { current: boolean }) => b.current)).toEqual([true, false, false]);
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM epustaka WHERE epustaka_name ILIKE '%Nusantara%'`);
  const loans = await ctx.request('GET', `/webhook/epustaka-member-loan-list?epustaka_id=${rows[0]!.id}`, { token: await tokenOf('pustakawan@demo.id') });
  expect(loans.body.data.some((l: { user: { name: string } }) => l.user.name === 'Sekar Ayu Lestari')).toBe(true);
});
