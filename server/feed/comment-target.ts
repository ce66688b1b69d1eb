import { FEED_OBJECT, feedDetailPath } from '../../src/lib/feed/rules.ts';
import { registerCommentTarget } from '../comments/targets.ts';
import { canViewFeed, feedOwner } from './feed.repository.ts';

/** Feed items take comments: whoever sees an item may comment; its owner hears of them. */
export function registerFeedComments(): void {
  registerCommentTarget(FEED_OBJECT, {
    canView: async (db, userId, objectId) => userId !== null && canViewFeed(db, objectId, userId, new Date()),
    ownerOf: (db, objectId) => feedOwner(db, objectId),
    linkOf: (objectId) => feedDetailPath(objectId),
  });
}
