import type { Migration } from '../migration.ts';

/** Browsers trusted after a successful sign-in, and the counters that slow down abuse. */
export const migration: Migration = {
  id: '20261125_0100_abuse',
  up: `
    -- A browser that signed in to an account before (the long-lived device cookie holds the token;
    -- only its SHA-256 is stored). Its sign-ins skip the limits strangers can exhaust.
    CREATE TABLE trusted_devices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX trusted_devices_user_idx ON trusted_devices (user_id);

    -- Failures made from a trusted browser count against that browser, not the e-mail.
    ALTER TABLE login_failures ADD COLUMN device_id uuid REFERENCES trusted_devices(id) ON DELETE CASCADE;
    CREATE INDEX login_failures_device_idx ON login_failures (device_id, failed_at);

    -- Requests counted per client address for calls with a cost (registration, e-mail checks).
    CREATE TABLE request_counts (
      bucket text NOT NULL,
      client text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX request_counts_idx ON request_counts (bucket, client, at);
  `,
  down: `
    DROP TABLE request_counts;
    DROP INDEX login_failures_device_idx;
    ALTER TABLE login_failures DROP COLUMN device_id;
    DROP TABLE trusted_devices;
  `,
};
