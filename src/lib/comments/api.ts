import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { Comment, CommentDetail, CommentListQuery } from './schema.ts';
import type { ReportReason } from '../contract/values.ts';

/* The comment calls: list, detail with replies, add, edit, delete and report (spec 02 §7). */

/** GET webhook/comment-list. */
export function getComments(http: HttpClient, params: CommentListQuery): Promise<ListBody<Comment>> {
  return http.get('webhook/comment-list', { ...params });
}

/** GET webhook/comment-detail: a page of replies (and the comment). */
export function getCommentDetail(http: HttpClient, params: { comment_id: string; limit: number; offset: number }): Promise<CommentDetail> {
  return http.get('webhook/comment-detail', { ...params });
}

/** POST webhook/comment. */
export async function postComment(http: HttpClient, body: { object_type: string; object_id: string; comment: string; parent_id?: string }): Promise<Comment> {
  return (await http.post<{ data: Comment }>('webhook/comment', body)).data;
}

/** PUT webhook/comment. */
export async function putComment(http: HttpClient, body: { id: string; comment: string }): Promise<Comment> {
  return (await http.put<{ data: Comment }>('webhook/comment', body)).data;
}

/** DELETE webhook/comment. */
export async function deleteComment(http: HttpClient, body: { id: string }): Promise<Comment> {
  return (await http.delete<{ data: Comment }>('webhook/comment', body)).data;
}

/** PUT webhook/comment-report. */
export async function reportComment(http: HttpClient, body: { comment_id: string; reason: ReportReason }): Promise<void> {
  await http.put('webhook/comment-report', body);
}
