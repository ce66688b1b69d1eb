import type { Migration } from '../migration.ts';

/**
 * A meeting's material may be a quiz of its class (kind 'quiz' with the quiz's id; removing the
 * quiz removes the material). A personal event keeps the zone of its organiser's school, in which
 * it was set up and is shown; events made before take their organiser's first school's zone.
 */
export const migration: Migration = {
  id: '20261128_61_schoolday_quiz_zone',
  up: `
    ALTER TABLE meeting_materials DROP CONSTRAINT meeting_materials_kind_check;
    ALTER TABLE meeting_materials ADD CONSTRAINT meeting_materials_kind_check CHECK (kind IN ('text', 'link', 'file', 'book', 'quiz'));
    ALTER TABLE meeting_materials ADD COLUMN quiz_id uuid REFERENCES quizzes(id) ON DELETE CASCADE;
    CREATE INDEX meeting_materials_quiz_idx ON meeting_materials (quiz_id) WHERE quiz_id IS NOT NULL;

    ALTER TABLE personal_events ADD COLUMN time_zone text NOT NULL DEFAULT 'Asia/Jakarta'
      CHECK (time_zone IN ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'));
    UPDATE personal_events e SET time_zone = s.time_zone
      FROM schools s WHERE s.id = (SELECT m.school_id FROM school_members m WHERE m.user_id = e.organizer_id AND m.status = 1 ORDER BY m.decided_at NULLS LAST LIMIT 1);
  `,
  down: `
    ALTER TABLE personal_events DROP COLUMN time_zone;
    DELETE FROM meeting_materials WHERE kind = 'quiz';
    ALTER TABLE meeting_materials DROP COLUMN quiz_id;
    ALTER TABLE meeting_materials DROP CONSTRAINT meeting_materials_kind_check;
    ALTER TABLE meeting_materials ADD CONSTRAINT meeting_materials_kind_check CHECK (kind IN ('text', 'link', 'file', 'book'));
  `,
};
