import type { Migration } from '../migration.ts';

/**
 * A meeting's material may be an article of the library (kind 'article' with the article's id;
 * removing the article removes the material, as removing a quiz does, so no material points at
 * nothing).
 */
export const migration: Migration = {
  id: '20261128_62_schoolday_article',
  up: `
    ALTER TABLE meeting_materials DROP CONSTRAINT meeting_materials_kind_check;
    ALTER TABLE meeting_materials ADD CONSTRAINT meeting_materials_kind_check CHECK (kind IN ('text', 'link', 'file', 'book', 'quiz', 'article'));
    ALTER TABLE meeting_materials ADD COLUMN article_id uuid REFERENCES news(id) ON DELETE CASCADE;
    CREATE INDEX meeting_materials_article_idx ON meeting_materials (article_id) WHERE article_id IS NOT NULL;
  `,
  down: `
    DELETE FROM meeting_materials WHERE kind = 'article';
    ALTER TABLE meeting_materials DROP COLUMN article_id;
    ALTER TABLE meeting_materials DROP CONSTRAINT meeting_materials_kind_check;
    ALTER TABLE meeting_materials ADD CONSTRAINT meeting_materials_kind_check CHECK (kind IN ('text', 'link', 'file', 'book', 'quiz'));
  `,
};
