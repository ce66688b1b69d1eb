import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createSchool, slotAndMeeting, type SchoolFixture } from './testing.ts';
import { schoolInputToIso } from '../../src/lib/schoolday/rules.ts';

let ctx: TestContext;
let f: SchoolFixture;
let meetingId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createSchool(ctx);
  ({ meetingId } = await slotAndMeeting(ctx, f, '2026-11-30'));
});
afterAll(() => ctx.close());

describe('attendance', () => {
  test('every student starts "not yet"; a teacher marks them; a student sees only their own mark', async () => {
    const before = await ctx.request('GET', `/webhook/schedule-student-list?id=${meetingId}`, { token: f.teacher.token });
    expect(before.body.data.map((s: { status: string }) => s.status)).toEqual(['not_yet', 'not_yet']);
    const res = await ctx.request('POST', '/webhook/attendance', { token: f.teacher.token, body: { meeting_id: meetingId, entries: [{ user_id: f.student.id, status: 'sick' }, { user_id: f.student2.id, status: 'present' }] } });
    expect(res.status).toBe(200);
    const own = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(own.body.data.attendance).toBe('sick');
    expect(own.body.data.students).toBeUndefined();
    // A changed mark replaces the earlier one.
    await ctx.request('POST', '/webhook/attendance', { token: f.teacher.token, body: { meeting_id: meetingId, entries: [{ user_id: f.student.id, status: 'permit' }] } });
    const teacher = await ctx.request('GET', `/webhook/schedule-detail-teacher?id=${meetingId}`, { token: f.teacher.token });
    expect(teacher.body.data.students).toEqual([
      { user_id: f.student.id, name: 'Ani', status: 'permit' },
      { user_id: f.student2.id, name: 'Budi', status: 'present' },
    ]);
  });

  test('only the class teacher takes attendance or sees the class list; bad marks change nothing', async () => {
    for (const path of [`/webhook/schedule-student-list?id=${meetingId}`, `/webhook/schedule-detail-teacher?id=${meetingId}`]) {
      const res = await ctx.request('GET', path, { token: f.student.token });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('not_class_teacher');
    }
    const byStudent = await ctx.request('POST', '/webhook/attendance', { token: f.student.token, body: { meeting_id: meetingId, entries: [{ user_id: f.student.id, status: 'present' }] } });
    expect(byStudent.status).toBe(403);
    const stranger = await ctx.request('POST', '/webhook/attendance', { token: f.teacher.token, body: { meeting_id: meetingId, entries: [{ user_id: f.student.id, status: 'alpha' }, { user_id: f.otherStudent.id, status: 'present' }] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors[0].code).toBe('not_class_student');
    const wrong = await ctx.request('POST', '/webhook/attendance', { token: f.teacher.token, body: { meeting_id: meetingId, entries: [{ user_id: f.student.id, status: 'late' }] } });
    expect(wrong.body.errors[0].code).toBe('invalid_attendance');
    const own = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(own.body.data.attendance).toBe('permit');
    const missing = await ctx.request('GET', '/webhook/schedule-detail-student?id=00000000-0000-4000-8000-000000000000', { token: f.student.token });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('meeting_not_found');
  });
});

describe('personal events', () => {
  const event = (over: Record<string, unknown> = {}) => ({ title: 'Diskusi buku', starts_at: '2026-12-02T07:00:00Z', ends_at: '2026-12-02T08:00:00Z', place: 'Perpustakaan', ...over });

  test('an invitee is told, sees the event and accepts; others do not see it', async () => {
    const created = await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ invitee_ids: [f.student2.id, f.teacher.id] }) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const { rows } = await ctx.db.query('SELECT link, type FROM notifications WHERE user_id = $1 AND event = $2', [f.student2.id, 'event_invitation']);
    expect(rows).toEqual([{ link: `/detail-personal-event/${id}`, type: 'PERSONAL_EVENT' }]);
    const detail = await ctx.request('GET', `/webhook/personal-event-detail?id=${id}`, { token: f.student2.token });
    expect(detail.body.data).toMatchObject({ title: 'Diskusi buku', my_status: 'invited', organizer: { id: f.student.id } });
    expect((await ctx.request('POST', '/webhook/personal-event-response', { token: f.student2.token, body: { id, status: 'accepted' } })).status).toBe(200);
    const list = await ctx.request('GET', `/webhook/personal-event-participant-list?id=${id}`, { token: f.student.token });
    expect(list.body.data.map((p: { status: string }) => p.status).sort()).toEqual(['accepted', 'invited']);
    const stranger = await ctx.request('GET', `/webhook/personal-event-detail?id=${id}`, { token: f.otherStudent.token });
    expect(stranger.status).toBe(403);
    expect((await ctx.request('POST', '/webhook/personal-event-response', { token: f.otherStudent.token, body: { id, status: 'accepted' } })).status).toBe(403);
    expect((await ctx.request('POST', '/webhook/personal-event-response', { token: f.student.token, body: { id, status: 'accepted' } })).body.errors[0].code).toBe('organizer_cannot_respond');
  });

  test('only people of the organiser’s school can be invited; bad events are coded 400s and store nothing', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_events')).rows[0]!.n;
    const before = await count();
    const outsider = await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ invitee_ids: [f.outsider.id] }) });
    expect(outsider.body.errors[0].code).toBe('invitee_not_in_school');
    expect((await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ ends_at: '2026-12-01T07:00:00Z' }) })).body.errors[0].code).toBe('end_before_start');
    // The end comes after the start: an event ending as it starts is refused too.
    expect((await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ ends_at: '2026-12-02T07:00:00Z' }) })).body.errors[0]).toMatchObject({ code: 'end_before_start', field: 'ends_at' });
    expect((await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ starts_at: '2 Desember' }) })).body.errors[0].code).toBe('invalid_time');
    // Someone of no school sets up no event.
    const lonely = await ctx.request('POST', '/webhook/personal-event', { token: f.outsider.token, body: event() });
    expect(lonely.status).toBe(403);
    expect(lonely.body.errors[0].code).toBe('not_school_member');
    expect((await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ title: ' ' }) })).body.errors[0].code).toBe('title_required');
    expect((await ctx.request('POST', '/webhook/personal-event', { token: f.student.token, body: event({ link: 'ftp://x' }) })).body.errors[0].code).toBe('invalid_link');
    expect(await count()).toBe(before);
  });
});

describe('the zone of an event', () => {
  test('an event set up at a school in WIT is typed, kept and shown on that school’s clock, stored in UTC', async () => {
    const papua = await createSchool(ctx, 'Asia/Jayapura');
    const week = await ctx.request('GET', '/webhook/schedule-list?date=2026-11-30', { token: papua.teacher.token });
    expect(week.body.data.event_zone).toBe('WIT');
    // The page turns 09:00–10:30 WIT on 2 December into instants: 00:00–01:30 UTC.
    const starts_at = schoolInputToIso('2026-12-02', '09:00', week.body.data.event_zone)!;
    const ends_at = schoolInputToIso('2026-12-02', '10:30', week.body.data.event_zone)!;
    expect([starts_at, ends_at]).toEqual(['2026-12-02T00:00:00.000Z', '2026-12-02T01:30:00.000Z']);
    const created = await ctx.request('POST', '/webhook/personal-event', { token: papua.teacher.token, body: { title: 'Rapat kelas', starts_at, ends_at, invitee_ids: [papua.student.id] } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const { rows } = await ctx.db.query<{ starts_at: Date; time_zone: string }>('SELECT starts_at, time_zone FROM personal_events WHERE id = $1', [id]);
    expect(rows[0]!.starts_at.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(rows[0]!.time_zone).toBe('Asia/Jayapura');
    const detail = await ctx.request('GET', `/webhook/personal-event-detail?id=${id}`, { token: papua.student.token });
    expect(detail.body.data).toMatchObject({ starts_at: '2026-12-02T00:00:00.000Z', zone: 'WIT' });
    // A time sent with its own offset is the same instant.
    const offset = await ctx.request('POST', '/webhook/personal-event', { token: papua.teacher.token, body: { title: 'Rapat', starts_at: '2026-12-02T09:00:00+09:00', ends_at: '2026-12-02T10:30:00+09:00' } });
    const again = await ctx.request('GET', `/webhook/personal-event-detail?id=${offset.body.data.id}`, { token: papua.teacher.token });
    expect(again.body.data).toMatchObject({ starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-02T01:30:00.000Z', zone: 'WIT', my_status: 'organizer' });
    // Today's agenda in Jayapura (08:00 WIT) lists it with its zone.
    ctx.setNow(new Date('2026-12-01T23:00:00Z'));
    const today = await ctx.request('GET', '/webhook/schedule-today', { token: papua.student.token });
    expect(today.body.data.events).toEqual([expect.objectContaining({ id, zone: 'WIT' })]);
  });
});
