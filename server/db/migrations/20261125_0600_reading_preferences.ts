import type { Migration } from '../migration.ts';

/** Each reader's reading comfort (type size, typeface, spacing, margins, theme), shared by their devices. */
export const migration: Migration = {
  id: '20261125_0600_reading_preferences',
  up: `
    CREATE TABLE reading_preferences (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      settings jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  down: `
    DROP TABLE reading_preferences;
  `,
};
