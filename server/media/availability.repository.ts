import type { Queryable } from '../db/client.ts';
import type { EpustakaAvailability } from '../../src/lib/lists/schema.ts';
import { SqlParams } from '../http/list-params.ts';
import { holdingJoin, MEDIA_HOLDINGS, NEWS_HOLDINGS, type HoldingRow } from './holdings.ts';

/**
 * The shelf availability of a video, audio item or published article of the organisation for
 * `userId`: the holding it is shown from (by the same choice as its lists and pages) and whether
 * the one access rule lets the user open it. Null when no such item exists there or no library
 * holds it.
 */
export async function findAvailability(db: Queryable, itemId: string, userId: string, organizationId: string, now: Date): Promise<EpustakaAvailability | null> {
  const kinds = [
    { source: MEDIA_HOLDINGS, from: `SELECT id, media_type AS type FROM media_items WHERE id = $ID AND organization_id = $ORG` },
    { source: NEWS_HOLDINGS, from: `SELECT id, 'article' AS type FROM news WHERE id = $ID AND organization_id = $ORG AND news_status = 1` },
  ];
  for (const kind of kinds) {
    const p = new SqlParams();
    const join = holdingJoin(kind.source, 'x.id', { user: p.add(userId), epustaka: p.add(null), now: p.add(now.toISOString()) });
    const from = kind.from.replace('$ID', p.add(itemId)).replace('$ORG', p.add(organizationId));
    const { rows } = await db.query<HoldingRow & { id: string; type: EpustakaAvailability['type'] }>(
      `SELECT x.id, x.type, hold.collection_id, hold.hold_epustaka_id, hold.has_join, hold.member_status, access.hold_open
         FROM (${from}) x ${join}`,
      p.values,
    );
    const row = rows[0];
    if (row) {
      return {
        collection_id: row.id,
        type: row.type,
        epustaka_collection_id: row.collection_id,
        epustaka_id: row.hold_epustaka_id,
        has_join: row.has_join,
        member_status: row.member_status === null ? null : (Number(row.member_status) as 0 | 1 | 3),
        available: row.hold_open,
      };
    }
  }
  return null;
}
