import type { Migration } from '../migration.ts';

/**
 * QR codes an ePustaka owner prints on posters and shelf labels, and their scan counts per
 * location (a scan row holds a count and a time, nothing about who scanned); the home page's
 * banners and the organisation's welcome greeting.
 */
export const migration: Migration = {
  id: '20261126_05_qr_codes',
  up: `
    CREATE TABLE qr_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      target_type text NOT NULL CHECK (target_type IN ('BOOK', 'EPUSTAKA', 'VIDEO', 'AUDIO', 'ARTICLE')),
      target_id uuid NOT NULL,
      location_label text CHECK (char_length(location_label) BETWEEN 1 AND 60),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX qr_codes_owner_idx ON qr_codes (owner_id, created_at DESC) WHERE deleted_at IS NULL;

    CREATE TABLE qr_scans (
      qr_code_id uuid NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
      location text NOT NULL DEFAULT '' CHECK (char_length(location) <= 60),
      scan_count bigint NOT NULL DEFAULT 0,
      last_scanned_at timestamptz,
      PRIMARY KEY (qr_code_id, location)
    );

    CREATE TABLE banners (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
      image_url text NOT NULL,
      link_url text,
      sort_order integer NOT NULL DEFAULT 0,
      starts_at timestamptz,
      ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX banners_organization_idx ON banners (organization_id, sort_order);

    ALTER TABLE organizations ADD COLUMN greeting_title text;
    ALTER TABLE organizations ADD COLUMN greeting_message text;
  `,
  down: `
    ALTER TABLE organizations DROP COLUMN greeting_message;
    ALTER TABLE organizations DROP COLUMN greeting_title;
    DROP TABLE banners;
    DROP TABLE qr_scans;
    DROP TABLE qr_codes;
  `,
};
