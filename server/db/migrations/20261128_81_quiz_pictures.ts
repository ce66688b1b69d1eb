import type { Migration } from '../migration.ts';

/**
 * Quiz pictures: an uploaded object may belong to a quiz (`attached_kind` 'QUIZ', `attached_id`
 * the quiz), the pictures of its questions. The quiz, not the question, is what it belongs to: a
 * quiz's questions are written anew on every save, while the quiz stays.
 */
export const migration: Migration = {
  id: '20261128_81_quiz_pictures',
  up: `
    ALTER TABLE storage_objects DROP CONSTRAINT storage_objects_attached_kind_check,
      ADD CONSTRAINT storage_objects_attached_kind_check CHECK (attached_kind IN ('AVATAR', 'FEED', 'QUIZ'));
  `,
  down: `
    UPDATE storage_objects SET attached_kind = NULL, attached_id = NULL WHERE attached_kind = 'QUIZ';
    ALTER TABLE storage_objects DROP CONSTRAINT storage_objects_attached_kind_check,
      ADD CONSTRAINT storage_objects_attached_kind_check CHECK (attached_kind IN ('AVATAR', 'FEED'));
  `,
};
