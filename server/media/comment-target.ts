import type { Queryable } from '../db/client.ts';
import { decideRead } from '../access/content-access.ts';
import { registerCommentTarget } from '../comments/targets.ts';
import { MEDIA_HOLDINGS } from './holdings.ts';

/**
 * Videos and audio take comments (spec 03 §2.6): only signed-in people the access rule lets play
 * the item read and write them, so a private item's comments stay hidden from non-members.
 */
async function canComment(db: Queryable, userId: string | null, mediaId: string, type: 'video' | 'audio'): Promise<boolean> {
  if (!userId) return false;
  const { rows } = await db.query<{ organization_id: string; user_org: string | null }>(
    'SELECT mi.organization_id, (SELECT organization_id FROM users WHERE id = $2) AS user_org FROM media_items mi WHERE mi.id = $1 AND mi.media_type = $3',
    [mediaId, userId, type],
  );
  const row = rows[0];
  if (!row || !row.user_org) return false;
  const decision = await decideRead(db, { id: mediaId, organizationId: row.organization_id, drm: false }, { userId, organizationId: row.user_org }, new Date(), MEDIA_HOLDINGS);
  return decision.allowed;
}

export function registerMediaComments(): void {
  for (const type of ['video', 'audio'] as const) {
    registerCommentTarget(type.toUpperCase(), {
      canView: (db, userId, objectId) => canComment(db, userId, objectId, type),
      ownerOf: async () => null,
      linkOf: (objectId) => `/${type}/${objectId}`,
    });
  }
}
