import type { Migration } from '../migrate.ts';

/**
 * A payment that arrived after its order was cancelled waits for the receiving library's owner (or
 * the store) to decide: `accepted` (the order is fulfilled after all) or `refunded` (the money goes
 * back; the order stays cancelled). Decided once.
 */
export const migration: Migration = {
  id: '20261128_31_late_payments',
  up: `
    ALTER TABLE order_boxes ADD COLUMN late_decision text CHECK (late_decision IN ('accepted', 'refunded')),
      ADD CONSTRAINT order_boxes_late_decision_paid_late CHECK (late_decision IS NULL OR paid_late);
  `,
  down: `
    ALTER TABLE order_boxes DROP CONSTRAINT order_boxes_late_decision_paid_late, DROP COLUMN late_decision;
  `,
};
