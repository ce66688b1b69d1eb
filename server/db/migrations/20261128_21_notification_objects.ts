import type { Migration } from '../migration.ts';

/**
 * A notification also names what it is about (`object_type`, `object_id`: a feed item, a book, a
 * library, a user) and who caused it (`sender_id`; none for what the library itself announces),
 * so the API can answer the fields a client written against the spec reads. A sender whose
 * account is deleted leaves the notification without a sender.
 */
export const migration: Migration = {
  id: '20261128_21_notification_objects',
  up: `
    ALTER TABLE notifications ADD COLUMN object_type text, ADD COLUMN object_id uuid,
      ADD COLUMN sender_id uuid REFERENCES users(id) ON DELETE SET NULL;
  `,
  down: `
    ALTER TABLE notifications DROP COLUMN object_type, DROP COLUMN object_id, DROP COLUMN sender_id;
  `,
};
