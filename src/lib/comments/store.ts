import { atom } from 'nanostores';
import { api } from '../http/browser.ts';
import { deleteComment, getCommentDetail, getComments, postComment, putComment, reportComment } from './api.ts';
import type { ReportReason } from '../contract/values.ts';
import type { Comment } from './schema.ts';
import { COMMENT_PAGE } from './rules.ts';
import { createListStore, type ListStore } from '../paging/list-store.ts';

/** Which object a comment list belongs to. */
export interface CommentParams {
  objectType: string;
  objectId: string;
}

export type CommentList = ListStore<Comment, CommentParams>;
export type ReplyList = ListStore<Comment, { commentId: string }>;

/** An object's comments, 10 at a time (spec 02 §7). */
export function createCommentList(): CommentList {
  return createListStore<Comment, CommentParams>(
    (http, { objectType, objectId, limit, offset }) => getComments(http, { object_type: objectType, object_id: objectId, limit, offset }),
    COMMENT_PAGE,
  );
}

/** A comment's replies, 10 at a time. */
export function createReplyList(): ReplyList {
  return createListStore<Comment, { commentId: string }>(
    async (http, { commentId, limit, offset }) => {
      const detail = await getCommentDetail(http, { comment_id: commentId, limit, offset });
      return { data: detail.data, meta: detail.meta };
    },
    COMMENT_PAGE,
  );
}

/** The last object whose comments changed (added, edited, removed), so views showing its comment count read it again. */
export const $commentsChanged = atom<{ objectType: string; objectId: string; at: number } | null>(null);

/** Says that the comments of an object changed. */
export function commentsChanged(objectType: string, objectId: string): void {
  $commentsChanged.set({ objectType, objectId, at: Date.now() });
}

/** The one comment in reply or edit mode (spec 02 §4.4), per comment section. */
export type CommentMode = { kind: 'reply' | 'edit'; id: string } | null;

export function createModeStore() {
  return atom<CommentMode>(null);
}

/** Adds a comment to an object, or a reply to a comment when `parent_id` is given. */
export function addComment(body: { object_type: string; object_id: string; comment: string; parent_id?: string }): Promise<Comment> {
  return postComment(api, body);
}

/** Changes the text of one's own comment (it is then shown as edited). */
export function editComment(body: { id: string; comment: string }): Promise<Comment> {
  return putComment(api, body);
}

/** Deletes one's own comment. */
export function removeComment(body: { id: string }): Promise<Comment> {
  return deleteComment(api, body);
}

/** Reports someone else's comment for one of the reasons a report may give. */
export function flagComment(body: { comment_id: string; reason: ReportReason }): Promise<void> {
  return reportComment(api, body);
}
