import type { Queryable } from '../db/client.ts';
import type { Assignment, Delivery } from '../../src/lib/schoolday/schema.ts';

/* Assignments of meetings and their hand-ins (one per student, unless the teacher reopens it). */

interface AssignmentRow {
  id: string;
  meeting_id: string;
  class_id: string;
  title: string;
  instructions: string | null;
  due_at: Date | string;
  closed: boolean;
}

function toAssignment(r: AssignmentRow): Assignment {
  return { id: r.id, meeting_id: r.meeting_id, title: r.title, instructions: r.instructions, due_at: new Date(r.due_at).toISOString(), closed: r.closed };
}

/** An assignment with its class; null when there is none. */
export async function findAssignment(db: Queryable, id: string, lock = false): Promise<(Assignment & { class_id: string }) | null> {
  const { rows } = await db.query<AssignmentRow>(
    `SELECT a.*, m.class_id FROM assignments a JOIN meetings m ON m.id = a.meeting_id WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [id],
  );
  return rows[0] ? { ...toAssignment(rows[0]), class_id: rows[0].class_id } : null;
}

/** A meeting's assignments with how many students handed each in. */
export async function listAssignments(db: Queryable, meetingId: string): Promise<(Assignment & { delivered_count: number })[]> {
  const { rows } = await db.query<AssignmentRow & { delivered_count: number }>(
    `SELECT a.*, m.class_id, (SELECT count(*)::int FROM assignment_deliveries d WHERE d.assignment_id = a.id) AS delivered_count
       FROM assignments a JOIN meetings m ON m.id = a.meeting_id WHERE a.meeting_id = $1 ORDER BY a.due_at, a.created_at`,
    [meetingId],
  );
  return rows.map((r) => ({ ...toAssignment(r), delivered_count: r.delivered_count }));
}

/** Inserts an assignment. */
export async function insertAssignment(tx: Queryable, a: { meeting_id: string; title: string; instructions: string | null; due_at: string; created_by: string }): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO assignments (meeting_id, title, instructions, due_at, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [a.meeting_id, a.title, a.instructions, a.due_at, a.created_by],
  );
  return rows[0]!.id;
}

/** Closes or opens an assignment to late hand-ins, or moves its deadline. */
export async function updateAssignment(tx: Queryable, id: string, change: { closed?: boolean; due_at?: string }): Promise<void> {
  await tx.query('UPDATE assignments SET closed = COALESCE($2, closed), due_at = COALESCE($3, due_at) WHERE id = $1', [id, change.closed ?? null, change.due_at ?? null]);
}

interface DeliveryRow {
  id: string;
  assignment_id: string;
  student_id: string;
  student_name: string;
  text: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  submitted_at: Date | string;
  late: boolean;
  reopened: boolean;
  grade: number | null;
  grade_comment: string | null;
  graded_at: Date | string | null;
}

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    assignment_id: r.assignment_id,
    student: { id: r.student_id, name: r.student_name },
    text: r.text,
    file: r.file_key ? { name: r.file_name ?? 'file', type: r.file_type ?? 'application/octet-stream', size: r.file_size ?? 0 } : null,
    submitted_at: new Date(r.submitted_at).toISOString(),
    late: r.late,
    reopened: r.reopened,
    grade: r.grade,
    comment: r.grade_comment,
    graded_at: r.graded_at ? new Date(r.graded_at).toISOString() : null,
  };
}

const DELIVERY_SELECT = `SELECT d.*, COALESCE(sm.full_name, u.name) AS student_name
  FROM assignment_deliveries d JOIN users u ON u.id = d.student_id JOIN assignments a ON a.id = d.assignment_id
  JOIN meetings m ON m.id = a.meeting_id JOIN classes c ON c.id = m.class_id
  LEFT JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = d.student_id`;

/** The hand-ins of an assignment, of one student when `studentId` is given. */
export async function listDeliveries(db: Queryable, assignmentId: string, studentId: string | null): Promise<Delivery[]> {
  const { rows } = await db.query<DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.assignment_id = $1 AND ($2::uuid IS NULL OR d.student_id = $2) ORDER BY student_name`,
    [assignmentId, studentId],
  );
  return rows.map(toDelivery);
}

/** One hand-in with the class it belongs to and its file's key. */
export async function findDelivery(db: Queryable, id: string): Promise<(Delivery & { class_id: string; file_key: string | null; assignment_title: string }) | null> {
  const { rows } = await db.query<DeliveryRow & { class_id: string; assignment_title: string }>(
    `${DELIVERY_SELECT.replace('SELECT d.*,', 'SELECT d.*, m.class_id, a.title AS assignment_title, a.meeting_id,')} WHERE d.id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? { ...toDelivery(r), class_id: r.class_id, file_key: r.file_key, assignment_title: r.assignment_title } : null;
}

/**
 * Stores a student's hand-in: the first one, or one replacing a hand-in the teacher reopened. A
 * grade of a reopened hand-in is cleared with it. Answers null when a hand-in that is not
 * reopened already stands (the one statement decides, so two at once cannot both land).
 */
export async function upsertDelivery(
  tx: Queryable,
  d: { assignment_id: string; student_id: string; text: string | null; file: { key: string; name: string; type: string; size: number } | null; at: Date; late: boolean },
): Promise<{ id: string; replaced_key: string | null } | null> {
  const { rows } = await tx.query<{ id: string; replaced_key: string | null }>(
    `WITH old AS (SELECT file_key FROM assignment_deliveries WHERE assignment_id = $1 AND student_id = $2)
     INSERT INTO assignment_deliveries AS d (assignment_id, student_id, text, file_key, file_name, file_type, file_size, submitted_at, late)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (assignment_id, student_id) DO UPDATE SET text = EXCLUDED.text, file_key = EXCLUDED.file_key, file_name = EXCLUDED.file_name,
       file_type = EXCLUDED.file_type, file_size = EXCLUDED.file_size, submitted_at = EXCLUDED.submitted_at, late = EXCLUDED.late,
       reopened = false, grade = NULL, grade_comment = NULL, graded_at = NULL, graded_by = NULL
       WHERE d.reopened
     RETURNING d.id, (SELECT file_key FROM old) AS replaced_key`,
    [d.assignment_id, d.student_id, d.text, d.file?.key ?? null, d.file?.name ?? null, d.file?.type ?? null, d.file?.size ?? null, d.at.toISOString(), d.late],
  );
  return rows[0] ?? null;
}

/** Lets the student hand in once more. */
export async function reopenDelivery(tx: Queryable, id: string): Promise<void> {
  await tx.query('UPDATE assignment_deliveries SET reopened = true WHERE id = $1', [id]);
}

/** Grades a hand-in with an optional comment. */
export async function gradeDelivery(tx: Queryable, id: string, grade: number, comment: string | null, by: string, at: Date): Promise<void> {
  await tx.query('UPDATE assignment_deliveries SET grade = $2, grade_comment = $3, graded_by = $4, graded_at = $5 WHERE id = $1', [id, grade, comment, by, at.toISOString()]);
}

/** The open assignments of a student's classes due between two instants, with whether they handed in. */
export async function assignmentsDueForStudent(db: Queryable, studentId: string, from: Date, to: Date): Promise<(Assignment & { class_name: string; subject: string; delivered: boolean })[]> {
  const { rows } = await db.query<AssignmentRow & { class_name: string; subject: string; delivered: boolean }>(
    `SELECT a.*, m.class_id, c.name AS class_name, sub.name AS subject,
            EXISTS (SELECT 1 FROM assignment_deliveries d WHERE d.assignment_id = a.id AND d.student_id = $1 AND NOT d.reopened) AS delivered
       FROM assignments a JOIN meetings m ON m.id = a.meeting_id JOIN timetable_slots t ON t.id = m.slot_id
       JOIN subjects sub ON sub.id = t.subject_id JOIN classes c ON c.id = m.class_id
       JOIN class_members cm ON cm.class_id = m.class_id AND cm.user_id = $1 AND cm.role = 'student'
      WHERE a.due_at > $2 AND a.due_at <= $3 ORDER BY a.due_at`,
    [studentId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({ ...toAssignment(r), class_name: r.class_name, subject: r.subject, delivered: r.delivered }));
}

/** Assignments due between two instants with each enrolled student who has not handed in. */
export async function pendingDueAssignments(db: Queryable, from: Date, to: Date): Promise<{ assignment_id: string; meeting_id: string; title: string; due_at: Date | string; student_id: string }[]> {
  const { rows } = await db.query<{ assignment_id: string; meeting_id: string; title: string; due_at: Date | string; student_id: string }>(
    `SELECT a.id AS assignment_id, a.meeting_id, a.title, a.due_at, cm.user_id AS student_id
       FROM assignments a JOIN meetings m ON m.id = a.meeting_id
       JOIN class_members cm ON cm.class_id = m.class_id AND cm.role = 'student'
      WHERE a.due_at > $1 AND a.due_at <= $2
        AND NOT EXISTS (SELECT 1 FROM assignment_deliveries d WHERE d.assignment_id = a.id AND d.student_id = cm.user_id)`,
    [from.toISOString(), to.toISOString()],
  );
  return rows;
}
