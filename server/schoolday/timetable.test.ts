import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createSchool, slotAndMeeting, type SchoolFixture } from './testing.ts';

let ctx: TestContext;
let f: SchoolFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createSchool(ctx);
});
afterAll(() => ctx.close());

const slot = (over: Record<string, unknown> = {}) => ({ class_id: f.classId, day_of_week: 2, lesson_from: 3, lesson_to: 4, subject_id: f.subjectId, ...over });
const countSlots = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM timetable_slots WHERE class_id = $1', [f.classId])).rows[0]!.n;

describe('the timetable', () => {
  test('only a teacher of the class adds a lesson; a student or an outsider is refused with nothing stored', async () => {
    const before = await countSlots();
    const student = await ctx.request('POST', '/webhook/timetable-slot', { token: f.student.token, body: slot() });
    expect(student.status).toBe(403);
    expect(student.body.errors[0].code).toBe('not_class_teacher');
    const outsider = await ctx.request('POST', '/webhook/timetable-slot', { token: f.outsider.token, body: slot() });
    expect(outsider.body.errors[0].code).toBe('not_class_teacher');
    expect(await countSlots()).toBe(before);
    const ok = await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot() });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ day_of_week: 2, lesson_from: 3, lesson_to: 4, teacher_id: f.teacher.id });
  });

  test('a lesson hour of a class holds one lesson: an overlapping range is a 409 and changes nothing', async () => {
    const before = await countSlots();
    for (const [from, to] of [[3, 3], [4, 6], [1, 3], [2, 5]]) {
      const res = await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot({ lesson_from: from, lesson_to: to }) });
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('lesson_hour_taken');
    }
    expect(await countSlots()).toBe(before);
    // The same hours on another day, or right after, are free.
    expect((await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot({ lesson_from: 5, lesson_to: 5 }) })).status).toBe(201);
    expect((await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot({ day_of_week: 3 }) })).status).toBe(201);
  });

  test('two lessons racing for the same hour: one lands', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot({ day_of_week: 5, lesson_from: 7, lesson_to: 8 }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  test.each([
    [{ lesson_from: 0 }, 'invalid_lesson_hour'],
    [{ lesson_from: 4, lesson_to: 3 }, 'invalid_lesson_hour'],
    [{ day_of_week: 7 }, 'invalid_day'],
    [{ online_link: 'javascript:alert(1)' }, 'invalid_link'],
    [{ subject_id: '00000000-0000-4000-8000-000000000000' }, 'invalid_subject_id'],
  ])('bad input %o is a coded 400', async (over, code) => {
    const res = await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: slot({ day_of_week: 6, ...over }) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(code);
  });

  test('times are stored in UTC and shown on the school clock (WIB and WIT)', async () => {
    const { meetingId } = await slotAndMeeting(ctx, f, '2026-11-30', 1, 2);
    const { rows } = await ctx.db.query<{ starts_at: Date }>('SELECT starts_at FROM meetings WHERE id = $1', [meetingId]);
    // Monday 07:00 WIB is 00:00 UTC.
    expect(new Date(rows[0]!.starts_at).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    const east = await createSchool(ctx, 'Asia/Jayapura');
    const { meetingId: eastMeeting } = await slotAndMeeting(ctx, east, '2026-11-30', 1, 1);
    const detail = await ctx.request('GET', `/webhook/schedule-detail-student?id=${eastMeeting}`, { token: east.student.token });
    // 07:00 WIT is 22:00 UTC the day before.
    expect(detail.body.data.meeting).toMatchObject({ date: '2026-11-30', start: '07:00', end: '07:45', zone: 'WIT', starts_at: '2026-11-29T22:00:00.000Z' });
  });

  test('the week lists each meeting once, for members only; a student of another class is refused', async () => {
    const first = await ctx.request('GET', `/webhook/schedule-list?date=2026-12-02&class_id=${f.classId}`, { token: f.student.token });
    const again = await ctx.request('GET', `/webhook/schedule-list?date=2026-12-05`, { token: f.student.token });
    expect(first.body.data.monday).toBe('2026-11-30');
    expect(again.body.data.meetings.map((m: { id: string }) => m.id)).toEqual(first.body.data.meetings.map((m: { id: string }) => m.id));
    expect(first.body.data.meetings.length).toBeGreaterThan(0);
    const other = await ctx.request('GET', `/webhook/schedule-list?class_id=${f.classId}`, { token: f.otherStudent.token });
    expect(other.status).toBe(403);
    expect((await ctx.request('GET', '/webhook/schedule-list?date=2026-13-01', { token: f.student.token })).body.errors[0].code).toBe('invalid_date');
  });

  test('schedule-today: the lesson now, the next one, on the school clock', async () => {
    // Tuesday 2026-12-01 at 09:40 WIB (02:40 UTC): lesson hour 4 (09:30–10:15) runs, hour 5 comes next.
    ctx.setNow(new Date('2026-12-01T02:40:00Z'));
    const today = await ctx.request('GET', '/webhook/schedule-today', { token: f.student.token });
    expect(today.status).toBe(200);
    expect(today.body.data).toMatchObject({ zone: 'WIB', date: '2026-12-01' });
    expect(today.body.data.current).toMatchObject({ lesson_from: 3, lesson_to: 4, start: '08:30', end: '10:15' });
    expect(today.body.data.next).toMatchObject({ lesson_from: 5 });
    ctx.setNow(null);
  });

  test('a moved lesson moves its meetings still to come and tells the students', async () => {
    ctx.setNow(new Date('2026-11-25T00:00:00Z'));
    const { slotId, meetingId } = await slotAndMeeting(ctx, f, '2026-11-30', 9, 10);
    const moved = await ctx.request('PATCH', '/webhook/timetable-slot', { token: f.teacher.token, body: { id: slotId, class_id: f.classId, day_of_week: 4, lesson_from: 9, lesson_to: 10, subject_id: f.subjectId } });
    expect(moved.status).toBe(200);
    const detail = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(detail.body.data.meeting).toMatchObject({ date: '2026-12-03', day_of_week: 4, start: '13:45' });
    const { rows } = await ctx.db.query('SELECT link FROM notifications WHERE user_id = $1 AND event = $2', [f.student.id, 'schedule_changed']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ link: '/schedule' });
    // A move onto a taken hour is refused like an add.
    const clash = await ctx.request('PATCH', '/webhook/timetable-slot', { token: f.teacher.token, body: { id: slotId, class_id: f.classId, day_of_week: 2, lesson_from: 3, lesson_to: 3, subject_id: f.subjectId } });
    expect(clash.status).toBe(409);
    ctx.setNow(null);
  });
});
