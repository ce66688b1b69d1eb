import type { Migration } from '../migration.ts';

/**
 * The timeline's likes, comments and posts. Likes and comments are keyed by (object_type,
 * object_id), so any kind of content (a feed item, a video, an audio) reuses them; counts are
 * always counted from these rows, never kept beside them, so they cannot drift.
 */
export const migration: Migration = {
  id: '20261126_0202_activity',
  up: `
    -- A post's picture (an upload under images/posts).
    ALTER TABLE feeds ADD COLUMN image_object_id uuid REFERENCES storage_objects(id) ON DELETE SET NULL;
    CREATE INDEX feeds_created_idx ON feeds (created_at DESC, id DESC);

    CREATE TABLE likes (
      object_type text NOT NULL,
      object_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (object_type, object_id, user_id)
    );

    -- A comment on an object, or (parent_id) a reply to a top-level comment. Deleting is soft: the
    -- text is hidden and a deleted comment's replies stay readable.
    CREATE TABLE comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      object_type text NOT NULL,
      object_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      parent_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      body text NOT NULL,
      edited_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- Lists of top-level comments and the comment counts of an object (replies included).
    CREATE INDEX comments_object_idx ON comments (object_type, object_id, created_at DESC, id DESC);
    CREATE INDEX comments_parent_idx ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;

    CREATE TABLE comment_reports (
      comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (comment_id, user_id)
    );
  `,
  down: `
    DROP TABLE comment_reports, comments, likes;
    DROP INDEX feeds_created_idx;
    ALTER TABLE feeds DROP COLUMN image_object_id;
  `,
};
