import type { Queryable } from '../db/client.ts';
import { feedAudience } from '../feed/feed.repository.ts';
import { quizPictureVisible } from '../quizzes/picture-access.ts';
import type { StoredObjectRow } from './objects.repository.ts';

/**
 * Who may fetch an uploaded object: `public` answers may be kept by any cache for long (anyone may
 * see them), `private` ones only by nobody (they depend on who asks and on memberships that can end).
 */
export type ObjectView = { allowed: true; audience: 'public' | 'private' } | { allowed: false };

const PUBLIC: ObjectView = { allowed: true, audience: 'public' };
const PRIVATE: ObjectView = { allowed: true, audience: 'private' };
const DENIED: ObjectView = { allowed: false };

/**
 * A picture follows the visibility of what it belongs to:
 *
 * - an avatar is public (it is shown beside its user's name wherever that appears);
 * - a feed item's picture is seen by whoever may see the item (its sender, followers and
 *   targets; a private ePustaka's members and owner), and by its uploader; it is public only
 *   when anyone may see the item (a public ePustaka's post);
 * - a picture of a quiz's questions is seen by whoever may see a question showing it (the class's
 *   teachers; a taker while their attempt shows it or once the review is open to them), never by
 *   a visitor, and never kept by a shared cache;
 * - an object attached to nothing yet (just uploaded) is its uploader's alone;
 * - an object whose bytes are still being written is nobody's.
 *
 * @param viewerId the signed-in user asking, or null for a visitor.
 */
export async function decideObjectView(db: Queryable, object: StoredObjectRow, viewerId: string | null, now: Date): Promise<ObjectView> {
  if (object.stored_at === null) return DENIED;
  const uploader = viewerId !== null && object.owner_id === viewerId;
  if (object.attached_kind === 'AVATAR') return PUBLIC;
  if (object.attached_kind === 'FEED') {
    const audience = await feedAudience(db, object.attached_id!, viewerId, now);
    if (audience === 'public') return PUBLIC;
    return audience === 'viewer' || uploader ? PRIVATE : DENIED;
  }
  if (object.attached_kind === 'QUIZ') return (await quizPictureVisible(db, object.attached_id!, object.id, viewerId)) ? PRIVATE : DENIED;
  return uploader ? PRIVATE : DENIED;
}
