import type { Migration } from '../migration.ts';

/** Organisations, accounts, sessions with rotating refresh tokens, and the catalogue. */
export const migration: Migration = {
  id: '20261122_0001_core',
  up: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      logo_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      email text NOT NULL,
      password_hash text,
      name text NOT NULL,
      phone text,
      address text,
      district_id text,
      bio text,
      gender text,
      avatar_url text,
      greeting text,
      role_code integer NOT NULL DEFAULT 303,
      verified_at timestamptz,
      deactivated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
    CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);

    -- One row per signed-in device; access tokens carry its id, so revoking it ends them at once.
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text,
      user_agent text,
      fcm_token text
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    -- Refresh tokens are stored only as SHA-256 hashes; each use rotates to a new one in the same session.
    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

    CREATE TABLE epustaka (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      epustaka_name text NOT NULL,
      epustaka_logo text,
      epustaka_description text,
      epustaka_isprivate boolean NOT NULL DEFAULT false,
      epustaka_category char(1) NOT NULL DEFAULT 'L' CHECK (epustaka_category IN ('L', 'P')),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX epustaka_name_trgm ON epustaka USING gin (epustaka_name gin_trgm_ops);

    -- member_status: 0 waiting approval, 1 active, 3 expired (spec 01 §4.2).
    CREATE TABLE epustaka_members (
      epustaka_id uuid NOT NULL REFERENCES epustaka(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      member_status smallint NOT NULL CHECK (member_status IN (0, 1, 3)),
      joined_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      PRIMARY KEY (epustaka_id, user_id)
    );
    CREATE INDEX epustaka_members_user_idx ON epustaka_members (user_id);

    CREATE TABLE categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      category_name text NOT NULL,
      category_name_en text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX categories_name_trgm ON categories USING gin (category_name gin_trgm_ops);

    CREATE TABLE authors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      author_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX authors_name_trgm ON authors USING gin (author_name gin_trgm_ops);

    CREATE TABLE books (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      catalog_title text NOT NULL,
      author_id uuid REFERENCES authors(id),
      category_id uuid REFERENCES categories(id),
      publisher text,
      publish_date date,
      isbn text,
      description text,
      language text NOT NULL DEFAULT 'id',
      pages integer,
      file_ext text,
      file_size bigint,
      using_drm boolean NOT NULL DEFAULT true,
      cover_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX books_title_trgm ON books USING gin (catalog_title gin_trgm_ops);
    CREATE INDEX books_created_idx ON books (created_at DESC, id);
    CREATE INDEX books_category_idx ON books (category_id);
    CREATE INDEX books_author_idx ON books (author_id);

    -- Copies a library holds of a book; open books keep all_qty 0 and are never counted down.
    CREATE TABLE epustaka_books (
      epustaka_id uuid NOT NULL REFERENCES epustaka(id) ON DELETE CASCADE,
      book_id uuid NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      all_qty integer NOT NULL DEFAULT 0 CHECK (all_qty >= 0),
      available_qty integer NOT NULL DEFAULT 0 CHECK (available_qty >= 0 AND available_qty <= all_qty),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (epustaka_id, book_id)
    );
    CREATE INDEX epustaka_books_book_idx ON epustaka_books (book_id);

    CREATE TABLE storage_objects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bucket text NOT NULL,
      path text NOT NULL,
      content_type text NOT NULL,
      size bigint NOT NULL,
      owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (bucket, path)
    );
  `,
  down: `
    DROP TABLE storage_objects, epustaka_books, books, authors, categories, epustaka_members, epustaka,
      refresh_tokens, sessions, users, organizations;
  `,
};
