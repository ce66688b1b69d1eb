import type { Migration } from '../migration.ts';
import { areaInsertStatements } from '../../accounts/areas.ts';

/**
 * Accounts: Indonesia's administrative areas (for the district picker), one-time e-mail links,
 * the development outbox, sign-in attempts for rate limiting, social identities with their
 * link tickets, and each user's storage quota.
 */
export const migration: Migration = {
  id: '20261122_0200_accounts',
  up: `
    CREATE TABLE provinces (
      code text PRIMARY KEY,
      name text NOT NULL
    );

    CREATE TABLE regencies (
      code text PRIMARY KEY,
      province_code text NOT NULL REFERENCES provinces(code),
      name text NOT NULL
    );
    CREATE INDEX regencies_province_idx ON regencies (province_code);

    CREATE TABLE districts (
      code text PRIMARY KEY,
      regency_code text NOT NULL REFERENCES regencies(code),
      name text NOT NULL
    );
    CREATE INDEX districts_regency_idx ON districts (regency_code);
    CREATE INDEX districts_name_trgm ON districts USING gin (name gin_trgm_ops);

    ${areaInsertStatements()}

    -- E-mail verification and password reset links; only the SHA-256 of a token is kept, and a
    -- token works once (used_at) until expires_at.
    CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose, created_at DESC);

    -- Messages kept instead of sent when no SMTP server is configured (development and tests).
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient text NOT NULL,
      subject text NOT NULL,
      kind text NOT NULL,
      text_body text NOT NULL,
      links text[] NOT NULL DEFAULT '{}',
      raw text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), created_at DESC);
    CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

    -- Failed sign-ins, by e-mail and by client address; old rows are pruned as new ones arrive.
    CREATE TABLE login_failures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      ip text,
      failed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_email_idx ON login_failures (email, failed_at);
    CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

    -- An account at an OpenID provider (subject) linked to a user.
    CREATE TABLE user_identities (
      provider text NOT NULL,
      subject text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, subject)
    );
    CREATE INDEX user_identities_user_idx ON user_identities (user_id);

    -- A social identity waiting for the password of the existing account with its e-mail.
    CREATE TABLE identity_link_tickets (
      token_hash text PRIMARY KEY,
      provider text NOT NULL,
      subject text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    ALTER TABLE users ADD COLUMN storage_quota bigint NOT NULL DEFAULT 52428800;
    CREATE INDEX users_phone_digits_idx ON users ((regexp_replace(phone, '[^0-9]', '', 'g')));
    CREATE INDEX storage_objects_owner_idx ON storage_objects (owner_id);
  `,
  down: `
    DROP INDEX storage_objects_owner_idx;
    DROP INDEX users_phone_digits_idx;
    ALTER TABLE users DROP COLUMN storage_quota;
    DROP TABLE identity_link_tickets, user_identities, login_failures, mail_outbox, account_tokens, districts, regencies, provinces;
  `,
};
