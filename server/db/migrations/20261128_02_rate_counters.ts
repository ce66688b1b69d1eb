import type { Migration } from '../migration.ts';

/**
 * One counter row per client and fixed time window for every throttled call (registration, e-mail
 * checks, posts, comments, likes, ... and the notifications one person causes another), replacing
 * the row per request the registration throttle kept.
 */
export const migration: Migration = {
  id: '20261128_02_rate_counters',
  up: `
    DROP TABLE request_counts;

    -- hits: the calls of the window let through so far. One upsert both checks and counts, and
    -- the row lock serialises racing calls of one client, so the limit is never overshot.
    CREATE TABLE rate_counters (
      bucket text NOT NULL,
      client text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, client, window_start)
    );
    CREATE INDEX rate_counters_window_idx ON rate_counters (window_start);
  `,
  down: `
    DROP TABLE rate_counters;
    CREATE TABLE request_counts (
      bucket text NOT NULL,
      client text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX request_counts_idx ON request_counts (bucket, client, at);
  `,
};
