import type { Queryable } from '../db/client.ts';
import type { FeedBook, FeedItem } from '../../src/lib/feed/schema.ts';
import type { FeedType, SenderType } from '../../src/lib/feed/rules.ts';
import { SqlParams } from '../http/list-params.ts';
import { iso } from '../db/format.ts';

/** A new feed item. Borrowing, reviewing, recommending and posting add theirs in their own transaction. */
export interface NewFeedItem {
  type: FeedType;
  senderType?: SenderType;
  senderId: string;
  objectType?: string;
  objectId?: string;
  message?: string;
  /** Users it is addressed to (a recommendation): they see it whether or not they follow the sender. */
  targets?: string[];
  /** A post's picture (storage object). */
  imageObjectId?: string | null;
  now?: Date;
}

/** Stores a feed item and its targets; answers its id. */
export async function addFeedItem(tx: Queryable, item: NewFeedItem): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO feeds (feed_type, sender_type, sender_id, object_type, object_id, message, image_object_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now()), COALESCE($8::timestamptz, now())) RETURNING id`,
    [
      item.type,
      item.senderType ?? 'USER',
      item.senderId,
      item.objectType ?? null,
      item.objectId ?? null,
      item.message ?? '',
      item.imageObjectId ?? null,
      item.now?.toISOString() ?? null,
    ],
  );
  const id = rows[0]!.id;
  if (item.targets && item.targets.length > 0) {
    await tx.query('INSERT INTO feed_targets (feed_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [id, item.targets]);
  }
  return id;
}

/**
 * Who may see a feed item (`f`): a user's item its sender, the sender's followers and its
 * targets; an ePustaka's item anyone when the ePustaka is public, else its active members.
 * A review's item disappears with the review. With no viewer (null), the items anyone may see.
 */
function visibleTo(p: SqlParams, viewerId: string | null, now: Date): string {
  const viewer = p.add(viewerId);
  const at = p.add(now.toISOString());
  return `(
    (f.sender_type = 'USER' AND (
      f.sender_id = ${viewer}
      OR EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = ${viewer} AND fo.followed_id = f.sender_id)
      OR EXISTS (SELECT 1 FROM feed_targets ft WHERE ft.feed_id = f.id AND ft.user_id = ${viewer})
    ))
    OR (f.sender_type = 'EPUSTAKA' AND EXISTS (
      SELECT 1 FROM epustaka ep WHERE ep.id = f.sender_id AND (
        NOT ep.epustaka_isprivate OR ep.created_by = ${viewer}
        OR EXISTS (SELECT 1 FROM epustaka_members m WHERE m.epustaka_id = ep.id AND m.user_id = ${viewer}
                     AND m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${at}))
      )
    ))
  ) AND NOT (f.feed_type = 'BOOK_REVIEW' AND NOT EXISTS (
    SELECT 1 FROM ratings rv WHERE rv.id = f.object_id AND rv.deleted_at IS NULL
  ))`;
}

/** Which feed items a list shows. */
export type FeedScope =
  /** The caller's timeline: their own items, those of people they follow, those addressed to them, and their ePustaka's. */
  | { kind: 'timeline' }
  /** What one user sent. */
  | { kind: 'user'; userId: string }
  /** What one ePustaka posted. */
  | { kind: 'epustaka'; epustakaId: string };

function scopeWhere(p: SqlParams, scope: FeedScope, viewerId: string, now: Date): string {
  const visible = visibleTo(p, viewerId, now);
  if (scope.kind === 'user') return `f.sender_type = 'USER' AND f.sender_id = ${p.add(scope.userId)} AND ${visible}`;
  if (scope.kind === 'epustaka') return `f.sender_type = 'EPUSTAKA' AND f.sender_id = ${p.add(scope.epustakaId)} AND ${visible}`;
  const viewer = p.add(viewerId);
  const at = p.add(now.toISOString());
  // Only items from these sources can be on the timeline, and each source is read through its own
  // index: the caller's items, those of the people they follow, those addressed to them, and those
  // of ePustaka they own or belong to. The rules below then decide as before; without this the
  // database would test every item ever posted, so the timeline (and its total) would grow with
  // everyone's posts instead of with what the caller may see.
  const sources = `f.id IN (
    SELECT s.id FROM feeds s WHERE s.sender_type = 'USER' AND s.sender_id = ${viewer}
    UNION ALL
    SELECT s.id FROM follows fo JOIN feeds s ON s.sender_type = 'USER' AND s.sender_id = fo.followed_id WHERE fo.follower_id = ${viewer}
    UNION ALL
    SELECT ft.feed_id FROM feed_targets ft WHERE ft.user_id = ${viewer}
    UNION ALL
    SELECT s.id FROM epustaka ep JOIN feeds s ON s.sender_type = 'EPUSTAKA' AND s.sender_id = ep.id
     WHERE ep.created_by = ${viewer}
        OR EXISTS (SELECT 1 FROM epustaka_members m WHERE m.epustaka_id = ep.id AND m.user_id = ${viewer}))`;
  // The timeline leaves out public ePustaka the caller has nothing to do with.
  return `${sources} AND ${visible} AND (f.sender_type <> 'EPUSTAKA' OR EXISTS (
    SELECT 1 FROM epustaka ep WHERE ep.id = f.sender_id AND (ep.created_by = ${viewer} OR EXISTS (
      SELECT 1 FROM epustaka_members m WHERE m.epustaka_id = ep.id AND m.user_id = ${viewer}
        AND m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${at})))))`;
}

interface FeedRow {
  id: string;
  feed_type: FeedType;
  sender_type: SenderType;
  sender_id: string;
  object_type: string | null;
  object_id: string | null;
  message: string;
  created_at: string | Date;
  updated_at: string | Date;
  image_object_id: string | null;
  sender_name: string | null;
  sender_avatar: string | null;
  sender_owner: string | null;
  total_like: number;
  total_comment: number;
  has_like: boolean;
  rating_id: string | null;
  rating_level: string | number | null;
  rating_comment: string | null;
  book_id: string | null;
  catalog_title: string | null;
  author_name: string | null;
  cover_url: string | null;
}

function select(p: SqlParams, viewerId: string): string {
  const viewer = p.add(viewerId);
  return `SELECT f.id, f.feed_type, f.sender_type, f.sender_id, f.object_type, f.object_id, f.message, f.created_at, f.updated_at,
           f.image_object_id,
           COALESCE(u.name, e.epustaka_name) AS sender_name, COALESCE(u.avatar_url, e.epustaka_logo) AS sender_avatar,
           e.created_by AS sender_owner,
           (SELECT count(*)::int FROM likes l WHERE l.object_type = 'FEED' AND l.object_id = f.id) AS total_like,
           (SELECT count(*)::int FROM comments c WHERE c.object_type = 'FEED' AND c.object_id = f.id AND c.deleted_at IS NULL) AS total_comment,
           EXISTS (SELECT 1 FROM likes l WHERE l.object_type = 'FEED' AND l.object_id = f.id AND l.user_id = ${viewer}) AS has_like,
           r.id AS rating_id, r.rating_level, r.rating_comment,
           b.id AS book_id, b.catalog_title, a.author_name, b.cover_url
      FROM feeds f
      LEFT JOIN users u ON f.sender_type = 'USER' AND u.id = f.sender_id
      LEFT JOIN epustaka e ON f.sender_type = 'EPUSTAKA' AND e.id = f.sender_id
      LEFT JOIN ratings r ON f.feed_type = 'BOOK_REVIEW' AND r.id = f.object_id
      LEFT JOIN books b ON b.id = (CASE WHEN f.object_type = 'BOOK' THEN f.object_id ELSE r.book_id END)
      LEFT JOIN authors a ON a.id = b.author_id`;
}

async function toItems(db: Queryable, rows: FeedRow[], viewerId: string): Promise<FeedItem[]> {
  const targets = new Map<string, { id: string; name: string }[]>();
  const recs = rows.filter((r) => r.feed_type === 'BOOK_RECOMMENDATION').map((r) => r.id);
  if (recs.length > 0) {
    const { rows: found } = await db.query<{ feed_id: string; id: string; name: string }>(
      `SELECT t.feed_id, u.id, u.name FROM feed_targets t JOIN users u ON u.id = t.user_id
        WHERE t.feed_id = ANY($1::uuid[]) ORDER BY u.name, u.id`,
      [recs],
    );
    for (const t of found) targets.set(t.feed_id, [...(targets.get(t.feed_id) ?? []), { id: t.id, name: t.name }]);
  }
  return rows.map((r) => {
    const book: FeedBook | null = r.book_id
      ? { id: r.book_id, book_title: r.catalog_title ?? '', author_name: r.author_name, cover_url: r.cover_url }
      : null;
    return {
      id: r.id,
      feed_type: r.feed_type,
      sender_type: r.sender_type,
      sender: { id: r.sender_id, name: r.sender_name ?? '', avatar_url: r.sender_avatar },
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      message: r.message,
      total_like: r.total_like,
      total_comment: r.total_comment,
      has_like: r.has_like,
      object_type: r.object_type,
      object_id: r.object_id,
      book,
      review: r.rating_id ? { id: r.rating_id, rating_level: Number(r.rating_level), rating_comment: r.rating_comment ?? '', book } : null,
      post: r.feed_type === 'VISUAL_POST' ? { image_url: r.image_object_id ? `/storage/object/${r.image_object_id}` : null, message: r.message } : null,
      recommendation_target: targets.get(r.id) ?? [],
      is_mine: r.sender_type === 'USER' ? r.sender_id === viewerId : r.sender_owner === viewerId,
    };
  });
}

/** A page of feed items the viewer may see, newest first, with the total. */
export async function listFeed(
  db: Queryable,
  query: { scope: FeedScope; viewerId: string; now: Date; limit: number; offset: number },
): Promise<{ rows: FeedItem[]; total: number }> {
  const countParams = new SqlParams();
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM feeds f WHERE ${scopeWhere(countParams, query.scope, query.viewerId, query.now)}`,
    countParams.values,
  );
  const p = new SqlParams();
  const sql = `${select(p, query.viewerId)} WHERE ${scopeWhere(p, query.scope, query.viewerId, query.now)}
    ORDER BY f.created_at DESC, f.id DESC LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`;
  const { rows } = await db.query<FeedRow>(sql, p.values);
  return { rows: await toItems(db, rows, query.viewerId), total: count.rows[0]!.n };
}

/** One feed item if the viewer may see it. */
export async function findVisibleFeed(db: Queryable, id: string, viewerId: string, now: Date): Promise<FeedItem | undefined> {
  const p = new SqlParams();
  const sql = `${select(p, viewerId)} WHERE f.id = ${p.add(id)} AND ${visibleTo(p, viewerId, now)}`;
  const { rows } = await db.query<FeedRow>(sql, p.values);
  return (await toItems(db, rows, viewerId))[0];
}

/** Whether the viewer may see a feed item (for likes and comments). */
export async function canViewFeed(db: Queryable, id: string, viewerId: string, now: Date): Promise<boolean> {
  const p = new SqlParams();
  const { rows } = await db.query(`SELECT 1 FROM feeds f WHERE f.id = ${p.add(id)} AND ${visibleTo(p, viewerId, now)}`, p.values);
  return rows.length > 0;
}

/**
 * Who may see a feed item: `public` when anyone may (an item of a public ePustaka), `viewer` when
 * not everyone may but `viewerId` may, null when the viewer may not or there is no such item.
 */
export async function feedAudience(db: Queryable, id: string, viewerId: string | null, now: Date): Promise<'public' | 'viewer' | null> {
  const p = new SqlParams();
  const item = p.add(id);
  const anyone = visibleTo(p, null, now);
  const viewer = viewerId ? visibleTo(p, viewerId, now) : 'false';
  const { rows } = await db.query<{ anyone: boolean; viewer: boolean }>(
    `SELECT coalesce(${anyone}, false) AS anyone, coalesce(${viewer}, false) AS viewer FROM feeds f WHERE f.id = ${item}`,
    p.values,
  );
  const row = rows[0];
  if (!row) return null;
  return row.anyone ? 'public' : row.viewer ? 'viewer' : null;
}

/** The user a feed item belongs to: its sender, or the owner of the ePustaka that sent it. */
export async function feedOwner(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ owner: string | null }>(
    `SELECT CASE WHEN f.sender_type = 'USER' THEN f.sender_id ELSE e.created_by END AS owner
       FROM feeds f LEFT JOIN epustaka e ON f.sender_type = 'EPUSTAKA' AND e.id = f.sender_id WHERE f.id = $1`,
    [id],
  );
  return rows[0]?.owner ?? null;
}
