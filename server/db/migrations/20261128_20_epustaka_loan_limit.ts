import type { Migration } from '../migration.ts';

/**
 * Each ePustaka says how many loans one member may have open from it at a time (1 to 100, 5 unless
 * its owner chooses otherwise). Borrowing counts the member's open loans of that library under the
 * lock of their membership row, so parallel borrows cannot pass the limit together.
 */
export const migration: Migration = {
  id: '20261128_20_epustaka_loan_limit',
  up: `
    ALTER TABLE epustaka ADD COLUMN max_loans_per_member integer NOT NULL DEFAULT 5
      CONSTRAINT epustaka_max_loans_per_member_range CHECK (max_loans_per_member BETWEEN 1 AND 100);
    CREATE INDEX borrows_open_user_epustaka_idx ON borrows (user_id, epustaka_id) WHERE returned_at IS NULL;
  `,
  down: `
    DROP INDEX borrows_open_user_epustaka_idx;
    ALTER TABLE epustaka DROP COLUMN max_loans_per_member;
  `,
};
