import type { Migration } from '../migration.ts';

/**
 * One-time links to create an organisation's first administrator, made at start while it has
 * none; only the SHA-256 of a link's token is kept, and creating the administrator removes them all.
 */
export const migration: Migration = {
  id: '20261128_04_first_admin',
  up: `
    CREATE TABLE first_admin_tokens (
      token_hash text PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX first_admin_tokens_organization_idx ON first_admin_tokens (organization_id);
  `,
  down: `DROP TABLE first_admin_tokens;`,
};
