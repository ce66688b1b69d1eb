import type { Migration } from '../migration.ts';

/**
 * Quiz attempts and their subtest results are written once and updated later: an attempt as it
 * moves from subtest to subtest, is handed in and finally scored; a subtest result when its
 * tryout is finally scored. Their pages are filled only half on insert, so the updated version of
 * a row fits beside the old one on the same page and none of the table's indexes gets a new entry
 * (PostgreSQL's heap-only update, which needs the changed columns to be unindexed, as these are).
 * The final scoring of a tryout updates every one of its attempts and subtest results at once.
 * Rows already stored keep their pages; new ones get the room.
 */
export const migration: Migration = {
  id: '20261128_86_quiz_attempts_room',
  up: `
    ALTER TABLE quiz_attempts SET (fillfactor = 50);
    ALTER TABLE quiz_attempt_subtests SET (fillfactor = 50);
  `,
  down: `
    ALTER TABLE quiz_attempts RESET (fillfactor);
    ALTER TABLE quiz_attempt_subtests RESET (fillfactor);
  `,
};
