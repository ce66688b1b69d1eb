import type { Queryable } from '../db/client.ts';
import { registerQrTarget } from '../qr/targets.ts';
import type { QrCandidateRow } from '../qr/qr.repository.ts';
import { containsPattern } from '../http/list-params.ts';
import { mediaThumbnailUrl } from './media.repository.ts';

/*
 * Video, audio and articles as QR code targets (README "QR codes"): an owner prints codes for the
 * items their ePustakas hold; a visitor sees the title and picture of an item only a public
 * ePustaka's (or any ePustaka's, for the title) holding makes known. Drafts are not targets.
 */

const MEDIA_TYPES = { VIDEO: 'video', AUDIO: 'audio' } as const;

/** ILIKE pattern of a search text; every row when empty. */
const likePattern = (q: string | undefined) => (q ? containsPattern(q) : '%');

for (const [type, mediaType] of Object.entries(MEDIA_TYPES) as [keyof typeof MEDIA_TYPES, 'video' | 'audio'][]) {
  registerQrTarget(type, {
    async ownedBy(db, userId, mediaId) {
      const { rows } = await db.query(
        `SELECT 1 FROM epustaka_media em JOIN epustaka e ON e.id = em.epustaka_id JOIN media_items mi ON mi.id = em.media_id
          WHERE em.media_id = $1 AND e.created_by = $2 AND mi.media_type = $3 LIMIT 1`,
        [mediaId, userId, mediaType],
      );
      return rows.length > 0;
    },
    async describe(db, mediaId) {
      const { rows } = await db.query<{ id: string; media_title: string; has_thumbnail: boolean; is_public: boolean }>(
        `SELECT mi.id, mi.media_title, mi.has_thumbnail,
                EXISTS (SELECT 1 FROM epustaka_media em JOIN epustaka e ON e.id = em.epustaka_id
                         WHERE em.media_id = mi.id AND NOT e.epustaka_isprivate) AS is_public
           FROM media_items mi WHERE mi.id = $1 AND mi.media_type = $2`,
        [mediaId, mediaType],
      );
      const row = rows[0];
      if (!row) return null;
      const cover = row.has_thumbnail && row.is_public ? mediaThumbnailUrl(row.id) : null;
      return { id: row.id, title: row.media_title, subtitle: null, cover_url: cover, is_public: row.is_public };
    },
    async candidates(db, ownerId, q, limit) {
      const { rows } = await db.query<QrCandidateRow>(
        `SELECT * FROM (
           SELECT DISTINCT ON (mi.id) '${type}' AS type, mi.id, mi.media_title AS title, e.epustaka_name AS subtitle
             FROM media_items mi JOIN epustaka_media em ON em.media_id = mi.id JOIN epustaka e ON e.id = em.epustaka_id
            WHERE e.created_by = $1 AND mi.media_type = $2 AND mi.media_title ILIKE $3
            ORDER BY mi.id) items
          ORDER BY title LIMIT $4`,
        [ownerId, mediaType, likePattern(q), limit],
      );
      return rows;
    },
  });
}

registerQrTarget('ARTICLE', {
  async ownedBy(db, userId, newsId) {
    const { rows } = await db.query(
      'SELECT 1 FROM epustaka_news en JOIN epustaka e ON e.id = en.epustaka_id WHERE en.news_id = $1 AND e.created_by = $2 LIMIT 1',
      [newsId, userId],
    );
    return rows.length > 0;
  },
  async describe(db: Queryable, newsId: string) {
    const { rows } = await db.query<{ id: string; news_title: string; news_author: string | null; news_thumbnail_url: string | null; is_public: boolean }>(
      `SELECT n.id, n.news_title, n.news_author, n.news_thumbnail_url,
              EXISTS (SELECT 1 FROM epustaka_news en JOIN epustaka e ON e.id = en.epustaka_id
                       WHERE en.news_id = n.id AND NOT e.epustaka_isprivate) AS is_public
         FROM news n WHERE n.id = $1 AND n.news_status = 1`,
      [newsId],
    );
    const row = rows[0];
    return row ? { id: row.id, title: row.news_title, subtitle: row.news_author, cover_url: row.news_thumbnail_url, is_public: row.is_public } : null;
  },
  async candidates(db, ownerId, q, limit) {
    const { rows } = await db.query<QrCandidateRow>(
      `SELECT * FROM (
         SELECT DISTINCT ON (n.id) 'ARTICLE' AS type, n.id, n.news_title AS title, e.epustaka_name AS subtitle
           FROM news n JOIN epustaka_news en ON en.news_id = n.id JOIN epustaka e ON e.id = en.epustaka_id
          WHERE e.created_by = $1 AND n.news_status = 1 AND n.news_title ILIKE $2
          ORDER BY n.id) items
        ORDER BY title LIMIT $3`,
      [ownerId, likePattern(q), limit],
    );
    return rows;
  },
});
