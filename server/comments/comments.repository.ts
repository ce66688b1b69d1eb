import type { Queryable } from '../db/client.ts';
import type { Comment } from '../../src/lib/comments/schema.ts';
import { iso } from '../db/format.ts';

export interface CommentRow {
  id: string;
  object_type: string;
  object_id: string;
  user_id: string;
  parent_id: string | null;
  body: string;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
  created_at: string | Date;
}

interface CommentViewRow extends CommentRow {
  name: string;
  avatar_url: string | null;
  reply_count: number;
  has_report: boolean;
}

const COLUMNS = 'id, object_type, object_id, user_id, parent_id, body, edited_at, deleted_at, created_at';

function viewSelect(viewer: string): string {
  return `SELECT c.id, c.object_type, c.object_id, c.user_id, c.parent_id, c.body, c.edited_at, c.deleted_at, c.created_at,
           u.name, u.avatar_url,
           (SELECT count(*)::int FROM comments r WHERE r.parent_id = c.id AND r.deleted_at IS NULL) AS reply_count,
           EXISTS (SELECT 1 FROM comment_reports cr WHERE cr.comment_id = c.id AND cr.user_id = ${viewer}) AS has_report
      FROM comments c JOIN users u ON u.id = c.user_id`;
}

function toComment(r: CommentViewRow, viewerId: string): Comment {
  const deleted = r.deleted_at !== null;
  return {
    id: r.id,
    comment: deleted ? '' : r.body,
    parent_id: r.parent_id,
    object_type: r.object_type,
    object_id: r.object_id,
    sender: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
    sender_type: 'USER',
    created_at: iso(r.created_at),
    updated_at: iso(r.edited_at ?? r.created_at),
    is_edited: r.edited_at !== null && !deleted,
    is_deleted: deleted,
    reply_count: r.reply_count,
    has_report: r.has_report,
    is_mine: r.user_id === viewerId,
  };
}

export async function insertComment(
  db: Queryable,
  c: { objectType: string; objectId: string; userId: string; parentId: string | null; body: string; now: Date },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO comments (object_type, object_id, user_id, parent_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [c.objectType, c.objectId, c.userId, c.parentId, c.body, c.now.toISOString()],
  );
  return rows[0]!.id;
}

export async function findComment(db: Queryable, id: string): Promise<CommentRow | undefined> {
  const { rows } = await db.query<CommentRow>(`SELECT ${COLUMNS} FROM comments WHERE id = $1`, [id]);
  return rows[0];
}

export async function findCommentView(db: Queryable, id: string, viewerId: string): Promise<Comment | undefined> {
  const { rows } = await db.query<CommentViewRow>(`${viewSelect('$2')} WHERE c.id = $1`, [id, viewerId]);
  return rows[0] ? toComment(rows[0], viewerId) : undefined;
}

export async function updateCommentBody(db: Queryable, id: string, body: string, now: Date): Promise<void> {
  await db.query('UPDATE comments SET body = $2, edited_at = $3 WHERE id = $1', [id, body, now.toISOString()]);
}

export async function softDeleteComment(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE comments SET deleted_at = COALESCE(deleted_at, $2) WHERE id = $1', [id, now.toISOString()]);
}

/**
 * A page of an object's top-level comments, newest first. Deleted ones stay only while they have
 * replies left (their replies remain readable); the total counts what is shown.
 */
export async function listComments(
  db: Queryable,
  q: { objectType: string; objectId: string; viewerId: string; limit: number; offset: number },
): Promise<{ rows: Comment[]; total: number }> {
  const where = `c.object_type = $1 AND c.object_id = $2 AND c.parent_id IS NULL
    AND (c.deleted_at IS NULL OR EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id AND r.deleted_at IS NULL))`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments c WHERE ${where}`, [q.objectType, q.objectId]);
  const { rows } = await db.query<CommentViewRow>(
    `${viewSelect('$3')} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT $4 OFFSET $5`,
    [q.objectType, q.objectId, q.viewerId, q.limit, q.offset],
  );
  return { rows: rows.map((r) => toComment(r, q.viewerId)), total: count.rows[0]!.n };
}

/** A page of a comment's replies, oldest first; deleted replies are left out. */
export async function listReplies(
  db: Queryable,
  q: { parentId: string; viewerId: string; limit: number; offset: number },
): Promise<{ rows: Comment[]; total: number }> {
  const where = 'c.parent_id = $1 AND c.deleted_at IS NULL';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments c WHERE ${where}`, [q.parentId]);
  const { rows } = await db.query<CommentViewRow>(
    `${viewSelect('$2')} WHERE ${where} ORDER BY c.created_at, c.id LIMIT $3 OFFSET $4`,
    [q.parentId, q.viewerId, q.limit, q.offset],
  );
  return { rows: rows.map((r) => toComment(r, q.viewerId)), total: count.rows[0]!.n };
}

/** Records a report once per user; true when this call made it. */
export async function insertCommentReport(db: Queryable, commentId: string, userId: string, reason: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO comment_reports (comment_id, user_id, reason) VALUES ($1, $2, $3)
     ON CONFLICT (comment_id, user_id) DO NOTHING RETURNING comment_id`,
    [commentId, userId, reason],
  );
  return rows.length > 0;
}
