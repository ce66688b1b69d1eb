import type { Queryable } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';

/** What the comment system needs to know about a kind of content. */
export interface CommentTarget {
  /** Whether the user (null: signed out) may see the object, and so read and write its comments. */
  canView(db: Queryable, userId: string | null, objectId: string): Promise<boolean>;
  /** The user told about new comments on the object, if any. */
  ownerOf(db: Queryable, objectId: string): Promise<string | null>;
  /** The page notifications about the object lead to. */
  linkOf?(objectId: string): string;
}

const targets = new Map<string, CommentTarget>();

/** Makes `objectType` commentable (feed items: 'FEED'; media: 'VIDEO', 'AUDIO'). */
export function registerCommentTarget(objectType: string, target: CommentTarget): void {
  targets.set(objectType, target);
}

/**
 * The target of a kind of content.
 * @throws ApiError unknown_comment_target (400).
 */
export function commentTarget(objectType: string): CommentTarget {
  const target = targets.get(objectType);
  if (!target) throw badRequest('unknown_comment_target', `Comments on ${objectType} are not possible.`, 'object_type');
  return target;
}
