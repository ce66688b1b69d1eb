import { z } from 'zod';
import { COMMENT_MAX_CHARS, COMMENT_PAGE } from './rules.ts';
import { limitParam, offsetParam, uuidField as id } from '../contract/params.ts';
import { REPORT_REASONS } from '../contract/values.ts';
import type { Sender } from '../contract/users.ts';

/* Comments on any object (spec 02 §3 "Comment", §4.4, §7 "Feed, likes, comments"). */

const objectType = z.string().trim().regex(/^[A-Z_]{2,30}$/, { error: 'invalid_object_type' });
const body = z
  .string({ error: 'comment_required' })
  .trim()
  .min(1, { error: 'comment_required' })
  .max(COMMENT_MAX_CHARS, { error: 'comment_too_long' });

/** GET webhook/comment-list: top-level comments, newest first. */
export const commentListQuerySchema = z.object({
  object_type: objectType,
  object_id: id('invalid_object_id'),
  limit: limitParam(COMMENT_PAGE, 100),
  offset: offsetParam,
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

/** GET webhook/comment-detail: a comment's replies, oldest first. */
export const commentDetailQuerySchema = z.object({
  comment_id: id('invalid_comment_id'),
  limit: limitParam(COMMENT_PAGE, 100),
  offset: offsetParam,
});
export type CommentDetailQuery = z.input<typeof commentDetailQuerySchema>;

/** POST webhook/comment: a comment, or with `parent_id` a reply. */
export const commentCreateSchema = z.object({
  object_type: objectType,
  object_id: id('invalid_object_id'),
  comment: body,
  parent_id: id('invalid_parent').optional().nullable(),
});
export type CommentCreateInput = z.infer<typeof commentCreateSchema>;

/** PUT webhook/comment. */
export const commentUpdateSchema = z.object({ id: id('invalid_comment_id'), comment: body });
export type CommentUpdateInput = z.infer<typeof commentUpdateSchema>;

/** DELETE webhook/comment. */
export const commentDeleteSchema = z.object({ id: id('invalid_comment_id') });

/** PUT webhook/comment-report, with one of the four reasons. */
export const commentReportSchema = z.object({
  comment_id: id('invalid_comment_id'),
  reason: z.enum(REPORT_REASONS, { error: 'invalid_reason' }),
});
export type CommentReportInput = z.infer<typeof commentReportSchema>;

/** A comment or a reply. A deleted one keeps its place (its replies stay) with its text hidden. */
export interface Comment {
  id: string;
  comment: string;
  parent_id: string | null;
  object_type: string;
  object_id: string;
  sender: Sender;
  sender_type: 'USER';
  created_at: string;
  /** Differs from created_at once edited. */
  updated_at: string;
  is_edited: boolean;
  is_deleted: boolean;
  reply_count: number;
  /** The caller reported it. */
  has_report: boolean;
  /** The caller wrote it. */
  is_mine: boolean;
}

/** GET webhook/comment-detail: the comment and a page of its replies. */
export interface CommentDetail {
  comment: Comment;
  data: Comment[];
  meta: { total: number; limit: number; offset: number };
}
