import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';
import { signIn } from '../test/catalogue.ts';

let ctx: TestContext;
let sekar: string;

beforeAll(async () => {
  ctx = await createDemoContext();
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'siswa@demo.id'`);
  sekar = await signIn(ctx, rows[0]!);
});
afterAll(() => ctx.close());

test('the demo gives Sekar a week of lessons, materials, a required book, an assignment due tomorrow, a grade, attendance and an invitation', async () => {
  const week = await ctx.request('GET', '/webhook/schedule-list', { token: sekar });
  expect(week.body.data.zone).toBe('WIB');
  expect(week.body.data.meetings.length).toBe(11);
  const today = await ctx.request('GET', '/webhook/schedule-today', { token: sekar });
  expect(today.body.data.due.map((a: { title: string }) => a.title)).toContain('Analisis unsur intrinsik');
  const { rows } = await ctx.db.query<{ meeting_id: string }>(`SELECT meeting_id FROM assignments WHERE title = 'Analisis unsur intrinsik'`);
  const detail = await ctx.request('GET', `/webhook/schedule-detail-student?id=${rows[0]!.meeting_id}`, { token: sekar });
  expect(detail.body.data.materials.length).toBe(3);
  expect(detail.body.data.books).toHaveLength(1);
  expect(detail.body.data.books[0].epustaka_id).toBeTruthy();
  const { rows: graded } = await ctx.db.query<{ meeting_id: string }>(`SELECT meeting_id FROM assignments WHERE title = 'Menulis puisi bebas'`);
  const old = await ctx.request('GET', `/webhook/schedule-detail-student?id=${graded[0]!.meeting_id}`, { token: sekar });
  expect(old.body.data.assignments[0].delivery.grade).toBe(90);
  expect(old.body.data.attendance).toBe('present');
  const { rows: invitation } = await ctx.db.query<{ link: string }>(`SELECT n.link FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'siswa@demo.id' AND n.event = 'event_invitation'`);
  expect(invitation).toHaveLength(1);
  const event = await ctx.request('GET', `/webhook/personal-event-detail?id=${invitation[0]!.link.split('/').pop()}`, { token: sekar });
  expect(event.body.data).toMatchObject({ title: 'Diskusi buku bersama', my_status: 'invited' });
});
