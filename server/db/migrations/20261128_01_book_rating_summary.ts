import type { Migration } from '../migration.ts';

/**
 * Each book keeps the count and the sum of its reviews' levels (reviews: top-level ratings not
 * deleted; their level is never NULL), so the average is read from the book row instead of
 * aggregating its ratings on every list, detail and related-books row. A trigger on `ratings`
 * keeps them exact in the same transaction as the review: it adds and subtracts the changed row,
 * and an UPDATE of `books` waits for and then re-reads a concurrent one, so two reviews written
 * at once both count. Related books of a category are read newest first from their own index.
 */
export const migration: Migration = {
  id: '20261128_01_book_rating_summary',
  up: `
    ALTER TABLE books ADD COLUMN rating_count integer NOT NULL DEFAULT 0, ADD COLUMN rating_level_sum numeric NOT NULL DEFAULT 0;
    UPDATE books b SET rating_count = s.n, rating_level_sum = s.total
      FROM (SELECT book_id, count(*)::int AS n, sum(rating_level) AS total FROM ratings
             WHERE parent_id IS NULL AND deleted_at IS NULL GROUP BY book_id) s
     WHERE s.book_id = b.id;
    CREATE FUNCTION books_review_summary() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.parent_id IS NULL AND OLD.deleted_at IS NULL THEN
        UPDATE books SET rating_count = rating_count - 1, rating_level_sum = rating_level_sum - OLD.rating_level WHERE id = OLD.book_id;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.parent_id IS NULL AND NEW.deleted_at IS NULL THEN
        UPDATE books SET rating_count = rating_count + 1, rating_level_sum = rating_level_sum + NEW.rating_level WHERE id = NEW.book_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ratings_review_summary AFTER INSERT OR DELETE OR UPDATE OF book_id, parent_id, rating_level, deleted_at ON ratings
      FOR EACH ROW EXECUTE FUNCTION books_review_summary();
    CREATE INDEX books_category_created_idx ON books (category_id, created_at DESC, id DESC);
  `,
  down: `
    DROP INDEX books_category_created_idx;
    DROP TRIGGER ratings_review_summary ON ratings;
    DROP FUNCTION books_review_summary();
    ALTER TABLE books DROP COLUMN rating_count, DROP COLUMN rating_level_sum;
  `,
};
