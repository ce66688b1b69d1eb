import type { Migration } from '../migration.ts';

/**
 * Web Push: each browser's subscription (endpoint and keys) of a signed-in user, the notifications
 * already handed to the push services, and the server's VAPID key pair when the database is shared
 * by several servers (DATABASE_URL).
 */
export const migration: Migration = {
  id: '20261127_03_push',
  up: `
    CREATE TABLE push_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- Pushes stop when this session ends (sign-out clears the push token, spec 01 §4.1).
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 1000),
      p256dh text NOT NULL,
      auth text NOT NULL,
      lang text NOT NULL DEFAULT 'id',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

    CREATE TABLE push_deliveries (
      notification_id uuid PRIMARY KEY REFERENCES notifications(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE push_vapid_keys (
      id integer PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  down: `
    DROP TABLE push_vapid_keys;
    DROP TABLE push_deliveries;
    DROP TABLE push_subscriptions;
  `,
};
