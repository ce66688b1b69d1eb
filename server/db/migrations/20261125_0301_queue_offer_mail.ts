import type { Migration } from '../migration.ts';

/** When the member whose turn came in a queue was mailed that a copy is held for them. */
export const migration: Migration = {
  id: '20261125_0301_queue_offer_mail',
  up: `
    ALTER TABLE book_queues ADD COLUMN offer_mailed_at timestamptz;
    -- Offers made before this column existed are not mailed afterwards.
    UPDATE book_queues SET offer_mailed_at = offered_at WHERE offered_at IS NOT NULL;
    CREATE INDEX book_queues_offer_unmailed_idx ON book_queues (offered_at)
      WHERE offer_mailed_at IS NULL AND offered_at IS NOT NULL AND ended_at IS NULL;
  `,
  down: `
    DROP INDEX book_queues_offer_unmailed_idx;
    ALTER TABLE book_queues DROP COLUMN offer_mailed_at;
  `,
};
