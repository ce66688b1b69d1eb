import type { Migration } from '../migration.ts';

/** Stored book files for the readers, and each reader's bookmarks, progress, durations and citations. */
export const migration: Migration = {
  id: '20261122_0300_reader',
  up: `
    -- The file behind a book. Its bytes live under DATA_DIR/books/<book_id>; this row holds what the
    -- ingest learnt from it. key_salt is mixed into every loan's stream key (see server/reader/crypto.ts).
    CREATE TABLE book_files (
      book_id uuid PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('pdf', 'epub')),
      file_name text NOT NULL,
      size bigint NOT NULL CHECK (size > 0),
      sha256 text NOT NULL,
      chunk_size integer NOT NULL CHECK (chunk_size > 0),
      key_salt text NOT NULL,
      pdf_password text,
      pages integer,
      outline jsonb,
      boot_chunks jsonb,
      -- A small picture of page 1 ({ size, width, height } in PDF points) shown while page 1 loads.
      preview jsonb,
      epub jsonb,
      locations jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- One bookmark per page of a book and reader (spec 02 §5).
    CREATE TABLE bookmarks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      page integer NOT NULL CHECK (page >= 1),
      bookmark_label text,
      description text,
      title text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, book_id, page)
    );

    -- The last position of a reader in a book; its id is the reading_id of spec 02 §3.
    CREATE TABLE reading_progress (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      last_page integer NOT NULL CHECK (last_page >= 1),
      total_page integer NOT NULL CHECK (total_page >= 0),
      platform_info text NOT NULL DEFAULT 'web',
      epub_read_locator text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, book_id)
    );

    -- Seconds spent on each page, summed over sessions.
    CREATE TABLE reading_durations (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      page integer NOT NULL CHECK (page >= 1),
      duration integer NOT NULL CHECK (duration >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, book_id, page)
    );

    CREATE TABLE citations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      page integer NOT NULL CHECK (page >= 1),
      text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 525),
      epub_read_locator text,
      platform_info text NOT NULL DEFAULT 'web',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX citations_user_book_idx ON citations (user_id, book_id);
  `,
  down: `
    DROP TABLE citations, reading_durations, reading_progress, bookmarks, book_files;
  `,
};
