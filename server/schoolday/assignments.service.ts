import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { classRoleOf, requireClassTeacher } from '../schools/membership.repository.ts';
import type { AssignmentInput, Delivery } from '../../src/lib/schoolday/schema.ts';
import { SCHOOL_TEXT_MAX } from '../../src/lib/schoolday/values.ts';
import { findMeeting } from './timetable.repository.ts';
import * as repo from './assignments.repository.ts';
import { checkFile, dropFile, putFile, type CheckedFile } from './files.ts';
import { notifyGrade, notifyMaterial } from './notifications.ts';

/*
 * Assignments and hand-ins. A student hands an assignment in once, as a file or a text; a second
 * hand-in is refused (409 `already_handed_in`) unless a teacher reopened theirs. After the deadline
 * a hand-in is still taken and marked late, unless a teacher closed the assignment (409
 * `assignment_closed`). Teachers see every hand-in and grade it; a student sees only their own.
 */

async function assignmentOf(deps: ApiDeps, id: string) {
  const assignment = await repo.findAssignment(deps.db, id);
  if (!assignment) throw notFound('assignment_not_found', 'This assignment does not exist.');
  return assignment;
}

/** POST webhook/assignment: a teacher of the meeting's class sets an assignment; the students are told. */
export async function addAssignment(deps: ApiDeps, caller: UserRow, input: AssignmentInput): Promise<string> {
  const meeting = await findMeeting(deps.db, input.meeting_id);
  if (!meeting) throw notFound('meeting_not_found', 'This meeting does not exist.');
  await requireClassTeacher(deps.db, meeting.class_id, caller.id);
  return inTransaction(deps.db, async (tx) => {
    const id = await repo.insertAssignment(tx, { meeting_id: meeting.id, title: input.title, instructions: input.instructions || null, due_at: input.due_at, created_by: caller.id });
    await notifyMaterial(tx, meeting, input.title, caller.id);
    return id;
  });
}

/** PATCH webhook/assignment: closes it to late hand-ins, opens it again, or moves the deadline. */
export async function changeAssignment(deps: ApiDeps, caller: UserRow, input: { id: string; closed?: boolean; due_at?: string }): Promise<void> {
  const assignment = await assignmentOf(deps, input.id);
  await requireClassTeacher(deps.db, assignment.class_id, caller.id);
  await inTransaction(deps.db, (tx) => repo.updateAssignment(tx, input.id, input));
}

/** POST webhook/assignment-delivery (multipart `assignment_id` and `file` or `text`): a student hands in. */
export async function handIn(deps: ApiDeps, caller: UserRow, input: { assignment_id: string; text: string | null; file: File | null }): Promise<Delivery> {
  const assignment = await assignmentOf(deps, input.assignment_id);
  const role = await classRoleOf(deps.db, assignment.class_id, caller.id);
  if (role !== 'student') throw forbidden('not_class_student', 'Only the students of this class hand in.');
  const text = input.text?.trim() || null;
  if (!text && !input.file) throw badRequest('delivery_empty', 'Choose a file or write your answer.', 'file');
  if (text && text.length > SCHOOL_TEXT_MAX) throw badRequest('text_too_long', 'The answer is too long.', 'text');
  const now = deps.now();
  const late = now.getTime() > Date.parse(assignment.due_at);
  if (late && assignment.closed) throw conflict('assignment_closed', 'The teacher has closed this assignment.');
  let file: CheckedFile | null = null;
  if (input.file) {
    file = await checkFile(input.file);
    await putFile(deps, file);
  }
  let result: Awaited<ReturnType<typeof repo.upsertDelivery>>;
  try {
    result = await inTransaction(deps.db, async (tx) => {
      // Locks the assignment so a teacher's closing and a hand-in cannot cross.
      const current = await repo.findAssignment(tx, assignment.id, true);
      if (late && current?.closed) throw conflict('assignment_closed', 'The teacher has closed this assignment.');
      const stored = await repo.upsertDelivery(tx, { assignment_id: assignment.id, student_id: caller.id, text, file, at: now, late });
      if (!stored) throw conflict('already_handed_in', 'You have already handed in this assignment.');
      return stored;
    });
  } catch (error) {
    if (file) await dropFile(deps, file.key);
    throw error;
  }
  await dropFile(deps, result.replaced_key);
  return (await repo.listDeliveries(deps.db, assignment.id, caller.id))[0]!;
}

/** GET webhook/assignment-delivery-list: every hand-in for the class's teachers, one's own for a student. */
export async function deliveryList(deps: ApiDeps, caller: UserRow, assignmentId: string): Promise<Delivery[]> {
  const assignment = await assignmentOf(deps, assignmentId);
  const role = await classRoleOf(deps.db, assignment.class_id, caller.id);
  if (role === 'teacher') return repo.listDeliveries(deps.db, assignmentId, null);
  if (role === 'student') return repo.listDeliveries(deps.db, assignmentId, caller.id);
  throw forbidden('not_class_member', 'Only the teachers and students of this class may see it.');
}

async function deliveryOfTeacher(deps: ApiDeps, caller: UserRow, id: string) {
  const delivery = await repo.findDelivery(deps.db, id);
  if (!delivery) throw notFound('delivery_not_found', 'This hand-in does not exist.');
  await requireClassTeacher(deps.db, delivery.class_id, caller.id);
  return delivery;
}

/** POST webhook/assignment-grade: a teacher grades a hand-in; the student is told. */
export async function grade(deps: ApiDeps, caller: UserRow, input: { id: string; grade: number; comment?: string }): Promise<void> {
  const delivery = await deliveryOfTeacher(deps, caller, input.id);
  const assignment = await assignmentOf(deps, delivery.assignment_id);
  const at = deps.now();
  await inTransaction(deps.db, async (tx) => {
    await repo.gradeDelivery(tx, delivery.id, input.grade, input.comment || null, caller.id, at);
    await notifyGrade(tx, { studentId: delivery.student.id, meetingId: assignment.meeting_id, title: delivery.assignment_title, grade: input.grade, teacherId: caller.id, deliveryId: delivery.id, gradedAt: at.toISOString() });
  });
}

/** POST webhook/assignment-delivery-reopen: a teacher lets the student hand in once more. */
export async function reopen(deps: ApiDeps, caller: UserRow, id: string): Promise<void> {
  const delivery = await deliveryOfTeacher(deps, caller, id);
  await inTransaction(deps.db, (tx) => repo.reopenDelivery(tx, delivery.id));
}

/** GET webhook/assignment-delivery-file: the file of a hand-in, for its student and the class's teachers. */
export async function deliveryFile(deps: ApiDeps, caller: UserRow, id: string): Promise<{ key: string; name: string; type: string }> {
  const delivery = await repo.findDelivery(deps.db, id);
  const role = delivery ? await classRoleOf(deps.db, delivery.class_id, caller.id) : null;
  // Another student's hand-in does not exist for the asker.
  if (!delivery?.file_key || !(role === 'teacher' || delivery.student.id === caller.id)) throw notFound('delivery_not_found', 'This hand-in does not exist.');
  return { key: delivery.file_key, name: delivery.file?.name ?? 'file', type: delivery.file?.type ?? 'application/octet-stream' };
}

