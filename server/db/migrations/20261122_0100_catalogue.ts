import type { Migration } from '../migration.ts';

/** Loans, queues, reviews with replies and reports, follows, and feed items with their targets. */
export const migration: Migration = {
  id: '20261122_0100_catalogue',
  up: `
    -- A loan is open while returned_at is null; an overdue one is closed (returned_at = due_at) the next
    -- time its holding is touched. borrow_key is what the reader presents to stream the file.
    CREATE TABLE borrows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      book_id uuid NOT NULL REFERENCES books(id),
      epustaka_id uuid NOT NULL REFERENCES epustaka(id),
      borrow_key text NOT NULL UNIQUE,
      borrowed_at timestamptz NOT NULL DEFAULT now(),
      due_at timestamptz NOT NULL,
      returned_at timestamptz
    );
    -- Never two open loans of one book for one user, whatever the ePustaka.
    CREATE UNIQUE INDEX borrows_open_user_book_key ON borrows (user_id, book_id) WHERE returned_at IS NULL;
    CREATE INDEX borrows_open_holding_idx ON borrows (epustaka_id, book_id) WHERE returned_at IS NULL;
    CREATE INDEX borrows_open_due_idx ON borrows (due_at) WHERE returned_at IS NULL;
    CREATE INDEX borrows_book_idx ON borrows (book_id, borrowed_at DESC);
    CREATE INDEX borrows_user_idx ON borrows (user_id, borrowed_at DESC);

    -- A queue entry waits (offered_at null), is offered a returned copy until offer_expires_at, or
    -- has ended (ended_at set: borrowed, expired or left).
    CREATE TABLE book_queues (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      epustaka_id uuid NOT NULL,
      book_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      offered_at timestamptz,
      offer_expires_at timestamptz,
      ended_at timestamptz,
      end_reason text CHECK (end_reason IN ('borrowed', 'expired', 'left')),
      FOREIGN KEY (epustaka_id, book_id) REFERENCES epustaka_books (epustaka_id, book_id) ON DELETE CASCADE,
      CHECK ((offered_at IS NULL) = (offer_expires_at IS NULL)),
      CHECK ((ended_at IS NULL) = (end_reason IS NULL))
    );
    CREATE UNIQUE INDEX book_queues_open_user_book_key ON book_queues (user_id, book_id) WHERE ended_at IS NULL;
    -- First in, first served: the line of a holding in (created_at, id) order.
    CREATE INDEX book_queues_fifo_idx ON book_queues (epustaka_id, book_id, created_at, id) WHERE ended_at IS NULL;
    CREATE INDEX book_queues_book_idx ON book_queues (book_id) WHERE ended_at IS NULL;
    CREATE INDEX book_queues_offer_due_idx ON book_queues (offer_expires_at) WHERE ended_at IS NULL AND offer_expires_at IS NOT NULL;

    -- Reviews (top level, with a rating) and replies (parent_id, no rating). Deleting is soft.
    CREATE TABLE ratings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      parent_id uuid REFERENCES ratings(id) ON DELETE CASCADE,
      rating_level numeric(2,1) CHECK (rating_level BETWEEN 0.5 AND 5 AND rating_level * 2 = trunc(rating_level * 2)),
      rating_comment text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CHECK ((parent_id IS NULL) = (rating_level IS NOT NULL))
    );
    CREATE UNIQUE INDEX ratings_one_review_key ON ratings (book_id, user_id) WHERE parent_id IS NULL AND deleted_at IS NULL;
    CREATE INDEX ratings_book_idx ON ratings (book_id, created_at DESC) WHERE parent_id IS NULL;
    CREATE INDEX ratings_parent_idx ON ratings (parent_id, created_at, id) WHERE parent_id IS NOT NULL;

    CREATE TABLE rating_reports (
      rating_id uuid NOT NULL REFERENCES ratings(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('sexual_content', 'hate_or_violence', 'spam', 'harassment')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (rating_id, user_id)
    );
    CREATE INDEX rating_reports_user_idx ON rating_reports (user_id);

    CREATE TABLE follows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      followed_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (follower_id, followed_id),
      CHECK (follower_id <> followed_id)
    );
    CREATE INDEX follows_followed_idx ON follows (followed_id, created_at DESC);

    -- sender_id is a user, a school or an ePustaka as sender_type says.
    CREATE TABLE feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      feed_type text NOT NULL CHECK (feed_type IN ('BOOK_BORROW', 'BOOK_REVIEW', 'VISUAL_POST', 'BOOK_RECOMMENDATION')),
      sender_type text NOT NULL DEFAULT 'USER' CHECK (sender_type IN ('USER', 'SCHOOL', 'EPUSTAKA')),
      sender_id uuid NOT NULL,
      object_type text,
      object_id uuid,
      message text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feeds_sender_idx ON feeds (sender_type, sender_id, created_at DESC);

    CREATE TABLE feed_targets (
      feed_id uuid NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (feed_id, user_id)
    );
    CREATE INDEX feed_targets_user_idx ON feed_targets (user_id);
  `,
  down: `
    DROP TABLE feed_targets, feeds, follows, rating_reports, ratings, book_queues, borrows;
  `,
};
