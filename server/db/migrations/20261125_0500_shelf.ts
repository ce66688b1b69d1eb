import type { Migration } from '../migration.ts';

/** The shelf: one renewal per loan, and one access history for every kind of content. */
export const migration: Migration = {
  id: '20261125_0500_shelf',
  up: `
    -- Set when the loan was renewed (once, for another loan period; README "My shelf").
    ALTER TABLE borrows ADD COLUMN renewed_at timestamptz;

    -- What a user opened, one row per item: a book now, videos, audio and articles later
    -- (object_type + object_id, no foreign key on the object). progress is the place reached in
    -- the item's own unit (a page or EPUB location for books, seconds for media, 0 for articles)
    -- out of progress_total when known. Removing an item deletes its row; opening it again
    -- brings it back.
    CREATE TABLE content_access_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      object_type text NOT NULL CHECK (object_type IN ('BOOK', 'VIDEO', 'AUDIO', 'ARTICLE')),
      object_id uuid NOT NULL,
      epustaka_id uuid REFERENCES epustaka(id) ON DELETE SET NULL,
      progress integer NOT NULL DEFAULT 0 CHECK (progress >= 0),
      progress_total integer CHECK (progress_total >= 0),
      first_accessed_at timestamptz NOT NULL DEFAULT now(),
      last_accessed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, object_type, object_id)
    );
    CREATE INDEX content_access_history_recent_idx ON content_access_history (user_id, object_type, last_accessed_at DESC, id);
    CREATE INDEX content_access_history_object_idx ON content_access_history (object_type, object_id);
  `,
  down: `
    DROP TABLE content_access_history;
    ALTER TABLE borrows DROP COLUMN renewed_at;
  `,
};
