import type { Migration } from '../migration.ts';

/** Follow lists by follower: who a member follows, newest first (webhook/following, profile counts). */
export const migration: Migration = {
  id: '20261126_01_people',
  up: `
    CREATE INDEX follows_follower_idx ON follows (follower_id, created_at DESC);
  `,
  down: `
    DROP INDEX follows_follower_idx;
  `,
};
