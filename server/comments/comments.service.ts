import type { ApiDeps } from '../deps.ts';
import type { Comment, CommentCreateInput, CommentDetail, CommentReportInput, CommentUpdateInput } from '../../src/lib/comments/schema.ts';
import type { ListBody } from '../../src/lib/contract/common.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { notify } from '../notifications/notify.ts';
import { userName } from '../notifications/notifications.repository.ts';
import { commentTarget } from './targets.ts';
import {
  findComment,
  findCommentView,
  insertComment,
  insertCommentReport,
  listComments,
  listReplies,
  softDeleteComment,
  updateCommentBody,
  type CommentRow,
} from './comments.repository.ts';
import { shorten } from '../../src/lib/contract/shorten.ts';

const commentNotFound = () => notFound('comment_not_found', 'The comment could not be found.');
const targetNotFound = () => notFound('comment_target_not_found', 'The item could not be found.');

/** A notification's excerpt of a comment: at most 80 characters (and 320 UTF-16 units), cut between graphemes. */
const excerpt = (text: string) => shorten(text, 80, { maxLength: 320 });

async function requireVisible(deps: ApiDeps, viewerId: string, objectType: string, objectId: string): Promise<void> {
  if (!(await commentTarget(objectType).canView(deps.db, viewerId, objectId))) throw targetNotFound();
}

/** A comment the caller may see (its object is visible to them). */
async function visibleComment(deps: ApiDeps, viewerId: string, id: string): Promise<CommentRow> {
  const row = await findComment(deps.db, id);
  if (!row) throw commentNotFound();
  const target = commentTarget(row.object_type);
  if (!(await target.canView(deps.db, viewerId, row.object_id))) throw commentNotFound();
  return row;
}

/** The top-level comments of an object. @throws ApiError unknown_comment_target (400), comment_target_not_found (404). */
export async function commentPage(deps: ApiDeps, viewerId: string, q: { object_type: string; object_id: string; limit: number; offset: number }): Promise<ListBody<Comment>> {
  await requireVisible(deps, viewerId, q.object_type, q.object_id);
  const page = await listComments(deps.db, { objectType: q.object_type, objectId: q.object_id, viewerId, limit: q.limit, offset: q.offset });
  return { data: page.rows, meta: { total: page.total, limit: q.limit, offset: q.offset } };
}

/** A comment with a page of its replies. @throws ApiError comment_not_found (404). */
export async function commentDetail(deps: ApiDeps, viewerId: string, q: { comment_id: string; limit: number; offset: number }): Promise<CommentDetail> {
  const row = await visibleComment(deps, viewerId, q.comment_id);
  const page = await listReplies(deps.db, { parentId: row.id, viewerId, limit: q.limit, offset: q.offset });
  return { comment: (await findCommentView(deps.db, row.id, viewerId))!, data: page.rows, meta: { total: page.total, limit: q.limit, offset: q.offset } };
}

/**
 * Writes a comment, or a reply (one level deep: a reply to a reply joins its thread). The owner
 * of the object hears of a comment, the author of the comment of a reply; nobody hears of their own.
 * @throws ApiError comment_target_not_found, comment_not_found (404), comment_deleted (409), invalid_parent (400).
 */
export async function addComment(deps: ApiDeps, callerId: string, input: CommentCreateInput): Promise<Comment> {
  const target = commentTarget(input.object_type);
  await requireVisible(deps, callerId, input.object_type, input.object_id);
  let parent: CommentRow | undefined;
  if (input.parent_id) {
    parent = await findComment(deps.db, input.parent_id);
    if (!parent) throw commentNotFound();
    if (parent.object_type !== input.object_type || parent.object_id !== input.object_id) {
      throw badRequest('invalid_parent', 'The comment replied to belongs to another item.', 'parent_id');
    }
    if (parent.parent_id !== null) parent = await findComment(deps.db, parent.parent_id);
    if (!parent || parent.deleted_at !== null) throw conflict('comment_deleted', 'The comment has been deleted.');
  }
  const now = deps.now();
  const link = target.linkOf?.(input.object_id) ?? '/';
  const id = await inTransaction(deps.db, async (tx) => {
    const commentId = await insertComment(tx, { objectType: input.object_type, objectId: input.object_id, userId: callerId, parentId: parent?.id ?? null, body: input.comment, now });
    const told = parent ? parent.user_id : await target.ownerOf(tx, input.object_id);
    if (told && told !== callerId) {
      const event = parent ? 'reply' : 'comment';
      await notify(tx, {
        userId: told,
        type: 'FEED',
        event,
        params: { name: await userName(tx, callerId), excerpt: excerpt(input.comment) },
        link,
        dedupeKey: `${event}:${commentId}`,
        object: { type: input.object_type, id: input.object_id },
        senderId: callerId,
      });
    }
    return commentId;
  });
  return (await findCommentView(deps.db, id, callerId))!;
}

async function ownComment(deps: ApiDeps, callerId: string, id: string): Promise<CommentRow> {
  const row = await visibleComment(deps, callerId, id);
  if (row.user_id !== callerId) throw forbidden('not_your_comment', 'Only the author can change this comment.');
  if (row.deleted_at !== null) throw conflict('comment_deleted', 'The comment has been deleted.');
  return row;
}

/** Edits one's own comment; it shows as edited. @throws ApiError comment_not_found (404), not_your_comment (403), comment_deleted (409). */
export async function editComment(deps: ApiDeps, callerId: string, input: CommentUpdateInput): Promise<Comment> {
  const row = await ownComment(deps, callerId, input.id);
  await updateCommentBody(deps.db, row.id, input.comment, deps.now());
  return (await findCommentView(deps.db, row.id, callerId))!;
}

/**
 * Deletes one's own comment. Its text is hidden; its replies stay readable under it.
 * @throws ApiError comment_not_found (404), not_your_comment (403), comment_deleted (409).
 */
export async function removeComment(deps: ApiDeps, callerId: string, id: string): Promise<Comment> {
  const row = await ownComment(deps, callerId, id);
  await softDeleteComment(deps.db, row.id, deps.now());
  return (await findCommentView(deps.db, row.id, callerId))!;
}

/**
 * Reports someone else's comment, once.
 * @throws ApiError comment_not_found (404), cannot_report_own (400), already_reported (409).
 */
export async function reportComment(deps: ApiDeps, callerId: string, input: CommentReportInput): Promise<void> {
  const row = await visibleComment(deps, callerId, input.comment_id);
  if (row.user_id === callerId) throw badRequest('cannot_report_own', 'You cannot report your own comment.', 'comment_id');
  if (!(await insertCommentReport(deps.db, row.id, callerId, input.reason))) {
    throw conflict('already_reported', 'You have reported this comment already.');
  }
}
