import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { requireClassMember, requireClassTeacher, schoolOfUser } from '../schools/membership.repository.ts';
import type { ScheduleListQuery, ScheduleToday, ScheduleWeek, TimetableSlotInput } from '../../src/lib/schoolday/schema.ts';
import { addDays, lessonsOverlap, mondayOf, schoolClock, schoolTimeToUtc } from '../../src/lib/schoolday/rules.ts';
import { ZONE_LABEL } from '../../src/lib/schoolday/values.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';
import * as repo from './timetable.repository.ts';
import { assignmentsDueForStudent } from './assignments.repository.ts';
import { eventsBetween } from './events.repository.ts';
import { notifyTimetableChange } from './notifications.ts';

/*
 * The timetable: a class's teachers build it slot by slot; one lesson hour of a class holds one
 * lesson only. Everyone in a class sees its week, and a student's day on the home page.
 */

const DEFAULT_ZONE: SchoolTimeZone = 'Asia/Jakarta';

async function checkSlot(tx: Parameters<typeof repo.lockClass>[0], input: TimetableSlotInput, exceptId: string | null): Promise<SchoolTimeZone> {
  const school = await repo.lockClass(tx, input.class_id);
  if (!school) throw notFound('class_not_found', 'This class does not exist.');
  if (!(await repo.subjectOfSchool(tx, input.subject_id, school.school_id))) throw badRequest('invalid_subject_id', 'Choose a subject of this school.', 'subject_id');
  // A lesson hour of a class holds one lesson: a slot may not share any hour of its day with another.
  const clash = (await repo.slotsOfDay(tx, input.class_id, input.day_of_week, exceptId)).find((other) => lessonsOverlap(other, input));
  if (clash) throw conflict('lesson_hour_taken', 'This class already has a lesson in these lesson hours.');
  return school.time_zone;
}

/** POST webhook/timetable-slot: a class's teacher adds a weekly lesson they teach. */
export async function addSlot(deps: ApiDeps, caller: UserRow, input: TimetableSlotInput): Promise<repo.SlotRow> {
  await requireClassTeacher(deps.db, input.class_id, caller.id);
  return inTransaction(deps.db, async (tx) => {
    await checkSlot(tx, input, null);
    const slot = await repo.insertSlot(tx, { ...input, teacher_id: caller.id, room: input.room || null, online_link: input.online_link || null });
    await notifyTimetableChange(tx, input.class_id, caller.id);
    return slot;
  });
}

/** PATCH webhook/timetable-slot: moves or changes a slot; its meetings still to come move with it. */
export async function changeSlot(deps: ApiDeps, caller: UserRow, id: string, input: TimetableSlotInput): Promise<repo.SlotRow> {
  const current = await repo.findSlot(deps.db, id);
  if (!current) throw notFound('slot_not_found', 'This lesson is not in the timetable.');
  await requireClassTeacher(deps.db, current.class_id, caller.id);
  if (input.class_id !== current.class_id) throw badRequest('invalid_class_id', 'A lesson stays in its class.', 'class_id');
  return inTransaction(deps.db, async (tx) => {
    const zone = await checkSlot(tx, input, id);
    const slot = await repo.updateSlot(tx, id, { ...input, room: input.room || null, online_link: input.online_link || null });
    await repo.moveUpcomingMeetings(tx, slot, zone, deps.now());
    await notifyTimetableChange(tx, slot.class_id, caller.id);
    return slot;
  });
}

/** DELETE webhook/timetable-slot: removes a slot with its meetings. */
export async function removeSlot(deps: ApiDeps, caller: UserRow, id: string): Promise<void> {
  const current = await repo.findSlot(deps.db, id);
  if (!current) throw notFound('slot_not_found', 'This lesson is not in the timetable.');
  await requireClassTeacher(deps.db, current.class_id, caller.id);
  await inTransaction(deps.db, async (tx) => {
    await repo.deleteSlot(tx, id);
    await notifyTimetableChange(tx, current.class_id, caller.id);
  });
}

/** GET webhook/schedule-list: the week's meetings of the caller's classes (or one of them). */
export async function scheduleWeek(deps: ApiDeps, caller: UserRow, query: ScheduleListQuery): Promise<ScheduleWeek> {
  let classes = await repo.classesOfUser(deps.db, caller.id);
  if (query.class_id) {
    await requireClassMember(deps.db, query.class_id, caller.id);
    classes = classes.filter((c) => c.id === query.class_id);
  }
  const zone = classes[0]?.time_zone ?? DEFAULT_ZONE;
  const monday = mondayOf(query.date ?? schoolClock(deps.now(), zone).date);
  const ids = classes.map((c) => c.id);
  await repo.ensureMeetings(deps.db, ids, monday);
  const meetings = await repo.meetingsBetween(deps.db, ids, schoolTimeToUtc(monday, '00:00', zone), schoolTimeToUtc(addDays(monday, 7), '00:00', zone));
  const teaches = classes.filter((c) => c.role === 'teacher').map((c) => c.id);
  const subjects = await repo.subjectsOfClasses(deps.db, teaches);
  const school = await schoolOfUser(deps.db, caller.id);
  const event_zone = school ? ZONE_LABEL[school.time_zone] : null;
  return { zone: ZONE_LABEL[zone], monday, classes: classes.map(({ id, name, role }) => ({ id, name, role })), subjects, meetings, event_zone };
}

/** GET webhook/timetable-slot-list: a class's weekly slots, for its members. */
export async function slotList(deps: ApiDeps, caller: UserRow, classId: string): Promise<(repo.SlotRow & { subject: string })[]> {
  await requireClassMember(deps.db, classId, caller.id);
  return repo.slotsOfClass(deps.db, classId);
}

/**
 * GET webhook/schedule-today: on the school's clock, the lesson going on and the next one today,
 * the open assignments due within a week that the student has not handed in, and today's events.
 */
export async function scheduleToday(deps: ApiDeps, caller: UserRow): Promise<ScheduleToday> {
  const classes = await repo.classesOfUser(deps.db, caller.id);
  const zone = classes[0]?.time_zone ?? DEFAULT_ZONE;
  const now = deps.now();
  const today = schoolClock(now, zone).date;
  const ids = classes.map((c) => c.id);
  await repo.ensureMeetings(deps.db, ids, mondayOf(today));
  const dayStart = schoolTimeToUtc(today, '00:00', zone);
  const dayEnd = schoolTimeToUtc(addDays(today, 1), '00:00', zone);
  const meetings = await repo.meetingsBetween(deps.db, ids, dayStart, dayEnd);
  const current = meetings.find((m) => Date.parse(m.starts_at) <= now.getTime() && now.getTime() < Date.parse(m.ends_at)) ?? null;
  const next = meetings.find((m) => Date.parse(m.starts_at) > now.getTime()) ?? null;
  const due = (await assignmentsDueForStudent(deps.db, caller.id, now, new Date(now.getTime() + 7 * 86_400_000)))
    .filter((a) => !a.delivered && !a.closed)
    .map(({ delivered: _, ...a }) => a);
  const events = await eventsBetween(deps.db, caller.id, now, dayEnd);
  return { zone: ZONE_LABEL[zone], class_count: classes.length, date: today, current, next, due, events };
}
