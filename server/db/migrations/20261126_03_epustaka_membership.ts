import type { Migration } from '../migration.ts';

/**
 * Memberships become addressable (`membership_id`, for approving and removing them) and a
 * member can be made an administrator of the library next to its owner. `updated_at` on the
 * library feeds the public page's sitemap entry.
 */
export const migration: Migration = {
  id: '20261126_03_epustaka_membership',
  up: `
    ALTER TABLE epustaka_members ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
    CREATE UNIQUE INDEX epustaka_members_id_key ON epustaka_members (id);
    ALTER TABLE epustaka_members ADD COLUMN is_admin boolean NOT NULL DEFAULT false;
    CREATE INDEX epustaka_members_status_idx ON epustaka_members (epustaka_id, member_status, joined_at);
    ALTER TABLE epustaka ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
  `,
  down: `
    ALTER TABLE epustaka DROP COLUMN updated_at;
    DROP INDEX epustaka_members_status_idx;
    ALTER TABLE epustaka_members DROP COLUMN is_admin;
    DROP INDEX epustaka_members_id_key;
    ALTER TABLE epustaka_members DROP COLUMN id;
  `,
};
