import type { Migration } from '../migration.ts';

/**
 * The school day: a class's weekly timetable, the dated meetings of each timetable slot, and per
 * meeting its materials, required books, assignments with their hand-ins, and attendance; and
 * personal events with their invitees.
 *
 * A slot is a day of the week (1 Monday … 6 Saturday) and a range of lesson hours of the bell
 * schedule; a meeting is one slot on one date, stored with its start and end in UTC. A student
 * hands an assignment in once (one row per assignment and student); a teacher may reopen it for
 * one more. Attendance without a row is "not yet".
 */
export const migration: Migration = {
  id: '20261128_60_schoolday',
  up: `
    CREATE TABLE timetable_slots (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
      day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 1 AND 6),
      lesson_from smallint NOT NULL CHECK (lesson_from BETWEEN 1 AND 10),
      lesson_to smallint NOT NULL CHECK (lesson_to BETWEEN 1 AND 10),
      subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
      teacher_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      room text,
      online_link text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (lesson_to >= lesson_from)
    );
    CREATE INDEX timetable_slots_class_idx ON timetable_slots (class_id, day_of_week);

    CREATE TABLE meetings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slot_id uuid NOT NULL REFERENCES timetable_slots(id) ON DELETE CASCADE,
      class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
      date date NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      UNIQUE (slot_id, date)
    );
    CREATE INDEX meetings_class_time_idx ON meetings (class_id, starts_at);

    CREATE TABLE meeting_materials (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('text', 'link', 'file', 'book')),
      title text NOT NULL,
      body text,
      url text,
      book_id uuid REFERENCES books(id) ON DELETE CASCADE,
      file_key text,
      file_name text,
      file_type text,
      file_size integer,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX meeting_materials_meeting_idx ON meeting_materials (meeting_id, created_at);

    CREATE TABLE meeting_required_books (
      meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      added_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (meeting_id, book_id)
    );
    CREATE INDEX meeting_required_books_book_idx ON meeting_required_books (book_id);

    CREATE TABLE assignments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      title text NOT NULL,
      instructions text,
      due_at timestamptz NOT NULL,
      closed boolean NOT NULL DEFAULT false,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX assignments_meeting_idx ON assignments (meeting_id);
    CREATE INDEX assignments_due_idx ON assignments (due_at);

    CREATE TABLE assignment_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      assignment_id uuid NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
      student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text,
      file_key text,
      file_name text,
      file_type text,
      file_size integer,
      submitted_at timestamptz NOT NULL,
      late boolean NOT NULL DEFAULT false,
      reopened boolean NOT NULL DEFAULT false,
      grade smallint CHECK (grade BETWEEN 0 AND 100),
      grade_comment text,
      graded_at timestamptz,
      graded_by uuid REFERENCES users(id),
      UNIQUE (assignment_id, student_id),
      CHECK (text IS NOT NULL OR file_key IS NOT NULL)
    );

    CREATE TABLE meeting_attendance (
      meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('present', 'permit', 'sick', 'alpha')),
      marked_by uuid NOT NULL REFERENCES users(id),
      marked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (meeting_id, student_id)
    );

    CREATE TABLE personal_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organizer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      place text,
      link text,
      description text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at >= starts_at)
    );

    CREATE TABLE personal_event_participants (
      event_id uuid NOT NULL REFERENCES personal_events(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'accepted', 'declined')),
      responded_at timestamptz,
      PRIMARY KEY (event_id, user_id)
    );
    CREATE INDEX personal_event_participants_user_idx ON personal_event_participants (user_id);
  `,
  down: `
    DROP TABLE personal_event_participants, personal_events, meeting_attendance, assignment_deliveries, assignments,
      meeting_required_books, meeting_materials, meetings, timetable_slots;
  `,
};
