import type { Migration } from '../migration.ts';

/**
 * Articles (news), videos and audio, held by ePustaka like books: a holding row per library, with
 * its own id (the spec's epustaka_collection_id), so the one access rule and the one access
 * history serve them too.
 */
export const migration: Migration = {
  id: '20261126_04_media',
  up: `
    CREATE TABLE news_categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      category_name text NOT NULL,
      category_name_en text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- news_status: 1 published, 0 draft (drafts are never listed).
    CREATE TABLE news (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      news_title text NOT NULL,
      news_author text,
      news_thumbnail_url text,
      news_content text NOT NULL DEFAULT '',
      category_id uuid REFERENCES news_categories(id) ON DELETE SET NULL,
      news_status smallint NOT NULL DEFAULT 1 CHECK (news_status IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX news_created_idx ON news (organization_id, created_at DESC, id);
    CREATE INDEX news_title_trgm ON news USING gin (news_title gin_trgm_ops);

    CREATE TABLE epustaka_news (
      id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      epustaka_id uuid NOT NULL REFERENCES epustaka(id) ON DELETE CASCADE,
      news_id uuid NOT NULL REFERENCES news(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (epustaka_id, news_id)
    );
    CREATE INDEX epustaka_news_news_idx ON epustaka_news (news_id);

    -- A video or an audio item. media_extension is the stored file's kind (mp4, webm, m4a, ogg,
    -- mp3) or 'youtube' for an item played through YouTube's embed (youtube_id, no file).
    -- media_duration in whole seconds.
    CREATE TABLE media_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      media_type text NOT NULL CHECK (media_type IN ('video', 'audio')),
      media_title text NOT NULL,
      media_description text,
      media_extension text NOT NULL,
      media_duration integer NOT NULL DEFAULT 0 CHECK (media_duration >= 0),
      file_name text,
      file_size bigint,
      content_type text,
      has_thumbnail boolean NOT NULL DEFAULT false,
      youtube_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((media_extension = 'youtube') = (youtube_id IS NOT NULL))
    );
    CREATE INDEX media_items_list_idx ON media_items (organization_id, media_type, created_at DESC, id);
    CREATE INDEX media_items_title_trgm ON media_items USING gin (media_title gin_trgm_ops);

    CREATE TABLE epustaka_media (
      id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      epustaka_id uuid NOT NULL REFERENCES epustaka(id) ON DELETE CASCADE,
      media_id uuid NOT NULL REFERENCES media_items(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (epustaka_id, media_id)
    );
    CREATE INDEX epustaka_media_media_idx ON epustaka_media (media_id);
  `,
  down: `
    DROP TABLE epustaka_media, media_items, epustaka_news, news, news_categories;
  `,
};
