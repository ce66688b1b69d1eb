import type { Migration } from '../migrate.ts';

/**
 * The order box, its lines, the charges at the payment gateway, the gateway's notifications,
 * idempotency keys and the souvenirs on sale. Money is whole rupiah (bigint for sums). A user has
 * at most one open box (status 0) per category. Each charge's gateway order id is unique, and each
 * notification is stored once by the hash of its body, so a repeated one changes nothing.
 */
export const migration: Migration = {
  id: '20261128_30_commerce',
  up: `
    -- The price of one donated copy; NULL: the book cannot be donated.
    ALTER TABLE books ADD COLUMN price integer CONSTRAINT books_price_positive CHECK (price IS NULL OR price > 0);

    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      image_url text,
      price integer NOT NULL CHECK (price > 0),
      weight integer NOT NULL DEFAULT 250 CHECK (weight > 0),
      pre_order boolean NOT NULL DEFAULT false,
      shipping_duration integer,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE order_boxes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      category text NOT NULL CHECK (category IN ('DONATION', 'PRODUCT', 'TRYOUT')),
      buyer_type text NOT NULL DEFAULT 'PERSONAL' CHECK (buyer_type IN ('PERSONAL', 'INSTITUTION')),
      payment_status smallint NOT NULL DEFAULT 0 CHECK (payment_status BETWEEN 0 AND 8),
      transaction_id uuid UNIQUE,
      transaction_code text UNIQUE,
      payment_type text,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      discount_amount bigint NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
      service_fee_amount bigint NOT NULL DEFAULT 0 CHECK (service_fee_amount >= 0),
      tax_amount bigint NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
      shipping_fee_amount bigint NOT NULL DEFAULT 0 CHECK (shipping_fee_amount >= 0),
      bill bigint NOT NULL DEFAULT 0 CHECK (bill >= 0),
      invoice_url text,
      notes text,
      expired_at timestamptz,
      paid_at timestamptz,
      paid_late boolean NOT NULL DEFAULT false,
      courier_code text,
      courier_service text,
      courier_etd text,
      shipping_address text,
      receipt_number text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX order_boxes_open_key ON order_boxes (user_id, category) WHERE payment_status = 0;
    CREATE INDEX order_boxes_user_idx ON order_boxes (user_id, category, created_at DESC);
    CREATE INDEX order_boxes_due_idx ON order_boxes (expired_at) WHERE payment_status = 1;
    CREATE INDEX order_boxes_receipt_idx ON order_boxes (receipt_number) WHERE receipt_number IS NOT NULL;

    CREATE TABLE order_box_details (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_box_id uuid NOT NULL REFERENCES order_boxes(id) ON DELETE CASCADE,
      order_type text NOT NULL,
      order_type_id uuid NOT NULL,
      epustaka_id uuid REFERENCES epustaka(id),
      price integer NOT NULL CHECK (price > 0),
      number_of_copy integer NOT NULL CHECK (number_of_copy BETWEEN 1 AND 1000),
      discount_amount integer NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX order_box_details_item_key
      ON order_box_details (order_box_id, order_type, order_type_id, coalesce(epustaka_id, '00000000-0000-0000-0000-000000000000'::uuid));
    CREATE INDEX order_box_details_epustaka_idx ON order_box_details (epustaka_id) WHERE epustaka_id IS NOT NULL;

    -- One row per charge made at the gateway; at most one live charge per order box.
    CREATE TABLE payment_charges (
      gateway_order_id text PRIMARY KEY,
      order_box_id uuid NOT NULL REFERENCES order_boxes(id) ON DELETE CASCADE,
      payment_type text NOT NULL,
      gross_amount bigint NOT NULL CHECK (gross_amount > 0),
      state text NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'cancelled', 'settled', 'failed', 'expired')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX payment_charges_live_key ON payment_charges (order_box_id) WHERE state = 'live';

    CREATE TABLE payment_notifications (
      body_hash text PRIMARY KEY,
      gateway_order_id text NOT NULL,
      transaction_status text NOT NULL,
      body jsonb NOT NULL,
      outcome text,
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_notifications_order_idx ON payment_notifications (gateway_order_id, received_at);

    -- A request made with an Idempotency-Key: its body's hash and, once done, its answer.
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      scope text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status integer,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, scope, key)
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

    -- The built-in payment sandbox's own record of its charges (what a real gateway keeps).
    CREATE TABLE payment_sandbox_charges (
      order_id text PRIMARY KEY,
      transaction_id uuid NOT NULL DEFAULT gen_random_uuid(),
      payment_type text NOT NULL,
      bank text,
      gross_amount text NOT NULL,
      transaction_status text NOT NULL,
      transaction_time timestamptz NOT NULL DEFAULT now(),
      settlement_time timestamptz,
      expiry_time timestamptz NOT NULL,
      notification_url text,
      request jsonb NOT NULL
    );
  `,
  down: `
    DROP TABLE payment_sandbox_charges, idempotency_keys, payment_notifications, payment_charges, order_box_details, order_boxes, products;
    ALTER TABLE books DROP COLUMN price;
  `,
};
