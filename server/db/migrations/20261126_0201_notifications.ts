import type { Migration } from '../migration.ts';

/**
 * Notifications: what concerns a user (spec 02 §4.2). A notification with a dedupe_key is made at
 * most once per user and key, so an event noticed twice (a retried request, two checks racing)
 * never notifies twice.
 */
export const migration: Migration = {
  id: '20261126_0201_notifications',
  up: `
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('FEED', 'PERSONAL_EVENT', 'TRANSACTION', 'EPUSTAKA', 'BOOK', 'SCHEDULE')),
      event text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      link text NOT NULL,
      dedupe_key text,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
    CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
  `,
  down: `
    DROP TABLE notifications;
  `,
};
