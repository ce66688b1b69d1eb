import type { Migration } from '../migration.ts';

/** What makes a QR scan count once per visitor and day without keeping who scanned. */
export const migration: Migration = {
  id: '20261128_03_qr_scan_visitors',
  up: `
    -- A random salt per day: a visitor is known for that day only by a hash of the salt and the
    -- account, or the address and browser; the salt goes once the day is over.
    CREATE TABLE qr_scan_salts (
      day date PRIMARY KEY,
      salt text NOT NULL
    );

    -- Who has been counted, per code and day, as that day's hash (never an address or an account).
    CREATE TABLE qr_scan_visitors (
      qr_code_id uuid NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
      day date NOT NULL,
      visitor text NOT NULL,
      PRIMARY KEY (qr_code_id, day, visitor)
    );
    CREATE INDEX qr_scan_visitors_day_idx ON qr_scan_visitors (day);
  `,
  down: `
    DROP TABLE qr_scan_visitors;
    DROP TABLE qr_scan_salts;
  `,
};
