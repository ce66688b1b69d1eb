import type { Queryable } from '../db/client.ts';
import type { MediaHistoryItem, MediaItem } from '../../src/lib/media/schema.ts';
import type { MediaSort, MediaType } from '../../src/lib/media/rules.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { iso } from '../db/format.ts';
import { articleHtml } from '../../src/lib/contract/article.server.ts';
import { epustakaOf, HOLDING_COLUMNS, holdingJoin, MEDIA_HOLDINGS, type HoldingRow } from './holdings.ts';

/** Videos and audio: the catalogue rows, each shown from one of the ePustaka holding it. */

export interface MediaRow extends HoldingRow {
  id: string;
  organization_id: string;
  media_type: MediaType;
  media_title: string;
  media_description: string | null;
  media_extension: string;
  media_duration: number;
  file_name: string | null;
  file_size: string | number | null;
  content_type: string | null;
  has_thumbnail: boolean;
  youtube_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  progress: number | null;
}

function columns(p: SqlParams, userId: string | null): string {
  return `mi.id, mi.organization_id, mi.media_type, mi.media_title, mi.media_description, mi.media_extension, mi.media_duration,
    mi.file_name, mi.file_size, mi.content_type, mi.has_thumbnail, mi.youtube_id, mi.created_at, mi.updated_at, ${HOLDING_COLUMNS},
    (SELECT ch.progress FROM content_access_history ch
      WHERE ch.user_id = ${p.add(userId)}::uuid AND ch.object_id = mi.id AND ch.object_type = upper(mi.media_type)) AS progress`;
}

function joins(p: SqlParams, userId: string | null, epustakaId: string | null, now: Date): string {
  return holdingJoin(MEDIA_HOLDINGS, 'mi.id', { user: p.add(userId), epustaka: p.add(epustakaId), now: p.add(now.toISOString()) });
}

/** Where a stored item's bytes and picture are served. */
export function mediaFileUrl(id: string): string {
  return `/storage/media/${id}/file`;
}
export function mediaThumbnailUrl(id: string): string {
  return `/storage/media/${id}/thumbnail`;
}

export function toMediaItem(row: MediaRow): MediaItem {
  const canPlay = row.hold_open;
  return {
    id: row.id,
    type: row.media_type,
    media_title: row.media_title,
    media_description: row.media_description === null ? null : articleHtml(row.media_description),
    media_thumbnail_url: row.has_thumbnail ? mediaThumbnailUrl(row.id) : null,
    media_file_url: canPlay && row.file_name ? mediaFileUrl(row.id) : null,
    media_extension: row.media_extension,
    media_duration: Number(row.media_duration),
    youtube_id: canPlay ? row.youtube_id : null,
    content_type: row.content_type,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    epustaka_id: row.hold_epustaka_id,
    epustaka_collection_id: row.collection_id,
    epustaka: epustakaOf(row),
    can_play: canPlay,
    progress: row.progress === null ? 0 : Number(row.progress),
  };
}

const ORDER: Record<MediaSort, string> = {
  '-created_at': 'mi.created_at DESC, mi.id',
  media_title: 'lower(mi.media_title), mi.id',
  '-media_title': 'lower(mi.media_title) DESC, mi.id',
};

export interface MediaListQuery {
  organizationId: string;
  userId: string | null;
  type: MediaType;
  epustakaId?: string;
  q?: string;
  sort: MediaSort;
  publicOnly?: boolean;
  /** Only these items (a search's page). */
  ids?: string[];
  limit: number;
  offset: number;
  now: Date;
}

/** Items of one type held by an ePustaka. */
export async function listMedia(db: Queryable, query: MediaListQuery): Promise<{ rows: MediaRow[]; total: number }> {
  const p = new SqlParams();
  const join = joins(p, query.userId, query.epustakaId ?? null, query.now);
  let where = `WHERE mi.organization_id = ${p.add(query.organizationId)} AND mi.media_type = ${p.add(query.type)}`;
  if (query.q) where += ` AND mi.media_title ILIKE ${p.add(containsPattern(query.q))}`;
  // A visitor's list: items a public library holds (with an ePustaka, that library, only while it is public).
  if (query.publicOnly) where += ' AND NOT hold.epustaka_isprivate';
  if (query.ids) where += ` AND mi.id = ANY(${p.add(query.ids)}::uuid[])`;
  const from = `FROM media_items mi ${join} ${where}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const cols = columns(p, query.userId);
  const { rows } = await db.query<MediaRow>(
    `SELECT ${cols} ${from} ORDER BY ${ORDER[query.sort]} LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows, total: count.rows[0]!.n };
}

/** One item as `userId` (null: a visitor) sees it, or null. */
export async function findMedia(db: Queryable, mediaId: string, userId: string | null, epustakaId: string | null, now: Date): Promise<MediaRow | null> {
  const p = new SqlParams();
  const cols = columns(p, userId);
  const join = joins(p, userId, epustakaId, now);
  const { rows } = await db.query<MediaRow>(`SELECT ${cols} FROM media_items mi ${join} WHERE mi.id = ${p.add(mediaId)}`, p.values);
  return rows[0] ?? null;
}

/** The stored facts of an item's file, without any holding (the file routes). */
export async function findMediaFile(db: Queryable, mediaId: string) {
  const { rows } = await db.query<{ id: string; organization_id: string; file_name: string | null; file_size: string | number | null; content_type: string | null; has_thumbnail: boolean; updated_at: Date | string }>(
    'SELECT id, organization_id, file_name, file_size, content_type, has_thumbnail, updated_at FROM media_items WHERE id = $1',
    [mediaId],
  );
  return rows[0] ?? null;
}

/** The items of one type a user opened, the latest first, with the place reached. */
export async function listMediaHistory(
  db: Queryable,
  query: { userId: string; viewerId: string; type: MediaType; q?: string; limit: number; offset: number; now: Date },
): Promise<{ rows: MediaHistoryItem[]; total: number }> {
  const p = new SqlParams();
  const join = joins(p, query.viewerId, null, query.now);
  let where = `WHERE h.user_id = ${p.add(query.userId)} AND h.object_type = ${p.add(query.type.toUpperCase())}`;
  if (query.q) where += ` AND mi.media_title ILIKE ${p.add(containsPattern(query.q))}`;
  const from = `FROM content_access_history h JOIN media_items mi ON mi.id = h.object_id ${join} ${where}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const cols = columns(p, query.userId);
  const { rows } = await db.query<MediaRow & { history_id: string; last_accessed_at: Date | string }>(
    `SELECT ${cols}, h.id AS history_id, h.last_accessed_at ${from}
      ORDER BY h.last_accessed_at DESC, h.id LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({ ...toMediaItem(r), collection_id: r.id, history_id: r.history_id, last_accessed_at: iso(r.last_accessed_at) })),
  };
}

/** The item and kind a holding (epustaka_collection_id) stands for, media or article. */
export async function findCollection(db: Queryable, collectionId: string) {
  const { rows } = await db.query<{ object_type: 'VIDEO' | 'AUDIO' | 'ARTICLE'; object_id: string; epustaka_id: string; organization_id: string; duration: number | null }>(
    `SELECT upper(mi.media_type) AS object_type, mi.id AS object_id, em.epustaka_id, mi.organization_id, mi.media_duration AS duration
       FROM epustaka_media em JOIN media_items mi ON mi.id = em.media_id WHERE em.id = $1
     UNION ALL
     SELECT 'ARTICLE', n.id, en.epustaka_id, n.organization_id, NULL
       FROM epustaka_news en JOIN news n ON n.id = en.news_id WHERE en.id = $1`,
    [collectionId],
  );
  return rows[0] ?? null;
}
