import type { Migration } from '../migration.ts';

/**
 * Books a teacher recommends to a whole class. A book is recommended to a class once: the pair
 * (class, book) is unique, so a second recommendation of the same book is refused, however many
 * requests race for it. Who recommended it stays named while their account exists.
 */
export const migration: Migration = {
  id: '20261128_80_class_reading',
  up: `
    CREATE TABLE class_book_recommendations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      recommended_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (class_id, book_id)
    );
    CREATE INDEX class_book_recommendations_class_idx ON class_book_recommendations (class_id, created_at DESC);
  `,
  down: `
    DROP TABLE class_book_recommendations;
  `,
};
