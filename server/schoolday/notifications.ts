import type { Queryable } from '../db/client.ts';
import type { ApiDeps } from '../deps.ts';
import { notify } from '../notifications/notify.ts';
import { ASSIGNMENT_DUE_NOTICE_HOURS } from '../../src/lib/schoolday/values.ts';
import { pendingDueAssignments } from './assignments.repository.ts';
import { studentsOfClass } from './timetable.repository.ts';

/*
 * What the school day tells people, in-app and by push (the push module sends every stored
 * notification): a new material, an assignment due tomorrow, a grade, an invitation and a change of
 * the timetable. Meetings' notifications lead to the meeting (`/detail-schedule/{id}`), an
 * invitation to its event (`/detail-personal-event/{id}`), a timetable change to the week.
 */

/** Tells the class's students that its timetable changed. */
export async function notifyTimetableChange(tx: Queryable, classId: string, teacherId: string): Promise<void> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM classes WHERE id = $1', [classId]);
  for (const student of await studentsOfClass(tx, classId)) {
    await notify(tx, { userId: student.id, type: 'SCHEDULE', event: 'schedule_changed', params: { class: rows[0]?.name ?? '' }, link: '/schedule', senderId: teacherId });
  }
}

/** Tells the class's students that a meeting has a new material (or required book). */
export async function notifyMaterial(tx: Queryable, meeting: { id: string; class_id: string; subject: string }, title: string, teacherId: string): Promise<void> {
  for (const student of await studentsOfClass(tx, meeting.class_id)) {
    await notify(tx, {
      userId: student.id,
      type: 'SCHEDULE',
      event: 'schedule_material',
      params: { subject: meeting.subject, title },
      link: `/detail-schedule/${meeting.id}`,
      object: { type: 'SCHEDULE', id: meeting.id },
      senderId: teacherId,
    });
  }
}

/** Tells a student their hand-in was graded. */
export async function notifyGrade(tx: Queryable, input: { studentId: string; meetingId: string; title: string; grade: number; teacherId: string; deliveryId: string; gradedAt: string }): Promise<void> {
  await notify(tx, {
    userId: input.studentId,
    type: 'SCHEDULE',
    event: 'schedule_grade',
    params: { title: input.title, grade: input.grade },
    link: `/detail-schedule/${input.meetingId}`,
    object: { type: 'SCHEDULE', id: input.meetingId },
    dedupeKey: `grade:${input.deliveryId}:${input.gradedAt}`,
  });
}

/** Tells invitees about an event they are invited to. */
export async function notifyInvitation(tx: Queryable, eventId: string, title: string, organizerId: string, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await notify(tx, {
      userId,
      type: 'PERSONAL_EVENT',
      event: 'event_invitation',
      params: { title },
      link: `/detail-personal-event/${eventId}`,
      object: { type: 'PERSONAL_EVENT', id: eventId },
      dedupeKey: `invitation:${eventId}`,
      senderId: organizerId,
    });
  }
}

/**
 * Tells each enrolled student who has not handed in about an assignment due within the next day,
 * once per assignment and deadline (a moved deadline is announced again). The server runs it
 * every few minutes.
 */
export async function notifyAssignmentsDueSoon(deps: Pick<ApiDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const pending = await pendingDueAssignments(deps.db, now, new Date(now.getTime() + ASSIGNMENT_DUE_NOTICE_HOURS * 3_600_000));
  for (const p of pending) {
    const due = new Date(p.due_at).toISOString();
    await notify(deps.db, {
      userId: p.student_id,
      type: 'SCHEDULE',
      event: 'schedule_assignment_due',
      params: { title: p.title, due },
      link: `/detail-schedule/${p.meeting_id}`,
      object: { type: 'SCHEDULE', id: p.meeting_id },
      dedupeKey: `assignment_due:${p.assignment_id}:${due}`,
    });
  }
  return pending.length;
}
