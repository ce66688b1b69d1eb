import type { Migration } from '../migration.ts';

/**
 * Object-store folders being written for a book or a media item whose rows are not in yet. The
 * rows' transaction deletes its folder's entry; an entry left behind (the process died between the
 * files and the rows, or cleaning up failed) names files no row points to, which the sweep removes.
 */
export const migration: Migration = {
  id: '20261127_04_storage_pending',
  up: `
    CREATE TABLE storage_pending (
      prefix text PRIMARY KEY CHECK (char_length(prefix) BETWEEN 3 AND 300),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX storage_pending_created_idx ON storage_pending (created_at);
  `,
  down: `DROP TABLE storage_pending;`,
};
