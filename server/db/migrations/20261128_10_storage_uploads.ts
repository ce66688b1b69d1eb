import type { Migration } from '../migration.ts';

/**
 * Uploaded objects: what each user stores, and what each object belongs to.
 *
 * `storage_usage.used` is the sum of the sizes of a user's object rows, kept by a trigger in the
 * same transaction as the row: inserting a row adds its size, deleting it gives the size back (a
 * row is deleted once, so its size comes back once). Adding refuses (SQLSTATE 23514, constraint
 * `storage_quota`) when the sum would pass the user's `storage_quota`; the upsert locks the
 * user's usage row, so uploads racing on any number of servers are decided one after the other.
 *
 * A row is written before its bytes, with `stored_at` empty: it reserves the space while the bytes
 * are written, and is served only once `stored_at` is set. A row left empty by a process that died
 * meanwhile is removed by the hourly sweep, which gives its space back.
 *
 * `attached_kind`/`attached_id` name what the object belongs to (a user's avatar, a feed item's
 * picture), set when it is attached; an object attached to nothing is its uploader's alone.
 */
export const migration: Migration = {
  id: '20261128_10_storage_uploads',
  up: `
    CREATE TABLE storage_usage (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      used bigint NOT NULL DEFAULT 0 CHECK (used >= 0)
    );

    ALTER TABLE storage_objects
      ADD COLUMN stored_at timestamptz,
      ADD COLUMN attached_kind text CHECK (attached_kind IN ('AVATAR', 'FEED')),
      ADD COLUMN attached_id uuid,
      ADD CONSTRAINT storage_objects_attachment_check CHECK ((attached_kind IS NULL) = (attached_id IS NULL));
    UPDATE storage_objects SET stored_at = created_at;
    UPDATE storage_objects o SET attached_kind = 'FEED', attached_id = f.id FROM feeds f WHERE f.image_object_id = o.id;
    UPDATE storage_objects o SET attached_kind = 'AVATAR', attached_id = u.id
      FROM users u WHERE u.avatar_url = '/storage/object/' || o.id::text AND o.attached_kind IS NULL;
    CREATE INDEX storage_objects_unstored_idx ON storage_objects (created_at) WHERE stored_at IS NULL;
    CREATE INDEX storage_objects_attached_idx ON storage_objects (attached_kind, attached_id) WHERE attached_kind IS NOT NULL;

    INSERT INTO storage_usage (user_id, used)
      SELECT owner_id, sum(size) FROM storage_objects WHERE owner_id IS NOT NULL GROUP BY owner_id;

    CREATE FUNCTION storage_objects_usage() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      total bigint;
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.owner_id IS NOT NULL THEN
        UPDATE storage_usage SET used = used - OLD.size WHERE user_id = OLD.owner_id;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.owner_id IS NOT NULL THEN
        INSERT INTO storage_usage AS s (user_id, used) VALUES (NEW.owner_id, NEW.size)
          ON CONFLICT (user_id) DO UPDATE SET used = s.used + EXCLUDED.used
          RETURNING used INTO total;
        IF total > (SELECT storage_quota FROM users WHERE id = NEW.owner_id) THEN
          RAISE EXCEPTION 'Quota capacity is exceed' USING ERRCODE = 'check_violation', CONSTRAINT = 'storage_quota';
        END IF;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER storage_objects_usage AFTER INSERT OR DELETE OR UPDATE OF owner_id, size ON storage_objects
      FOR EACH ROW EXECUTE FUNCTION storage_objects_usage();
  `,
  down: `
    DROP TRIGGER storage_objects_usage ON storage_objects;
    DROP FUNCTION storage_objects_usage();
    DROP INDEX storage_objects_attached_idx;
    DROP INDEX storage_objects_unstored_idx;
    ALTER TABLE storage_objects DROP CONSTRAINT storage_objects_attachment_check,
      DROP COLUMN attached_id, DROP COLUMN attached_kind, DROP COLUMN stored_at;
    DROP TABLE storage_usage;
  `,
};
