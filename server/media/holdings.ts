import type { HoldingSource } from '../access/content-access.ts';
import type { ContentEpustaka } from '../../src/lib/media/schema.ts';

/*
 * Articles and media are held by ePustaka like books: `epustaka_news` and `epustaka_media`, one row
 * per library, whose id is the spec's epustaka_collection_id. Neither is ever lent, so the access
 * rule (server/access/content-access.ts) decides by membership and public holdings alone.
 */

export const NEWS_HOLDINGS: HoldingSource = { holdings: 'epustaka_news', loans: null, itemColumn: 'news_id' };
export const MEDIA_HOLDINGS: HoldingSource = { holdings: 'epustaka_media', loans: null, itemColumn: 'media_id' };

/**
 * A LATERAL join (alias `hold`) picking the holding an item is shown from for a user: the asked
 * ePustaka when given, else one the user is an active member of, else a public one, else the
 * oldest. Also says whether the user may open the item (`hold_open`): an active membership of a
 * library holding it, or a public library holding it. Parameters are placeholders of the caller's
 * SqlParams: the user (may be null), the ePustaka (may be null) and now.
 */
export function holdingJoin(source: HoldingSource, itemRef: string, p: { user: string; epustaka: string; now: string }): string {
  const { holdings, itemColumn } = source;
  const active = `(m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${p.now}::timestamptz))`;
  return `
    JOIN LATERAL (
      SELECT h.id AS collection_id, e.id AS hold_epustaka_id, e.epustaka_name, e.epustaka_isprivate,
             (m.user_id IS NOT NULL) AS has_join,
             CASE WHEN m.member_status = 1 AND m.expires_at <= ${p.now}::timestamptz THEN 3 ELSE m.member_status END AS member_status
        FROM ${holdings} h
        JOIN epustaka e ON e.id = h.epustaka_id
        LEFT JOIN epustaka_members m ON m.epustaka_id = e.id AND m.user_id = ${p.user}::uuid
       WHERE h.${itemColumn} = ${itemRef} AND (${p.epustaka}::uuid IS NULL OR h.epustaka_id = ${p.epustaka}::uuid)
       ORDER BY ${active} DESC, e.epustaka_isprivate, h.created_at, h.id
       LIMIT 1
    ) hold ON true
    CROSS JOIN LATERAL (
      SELECT coalesce(bool_or(NOT e.epustaka_isprivate OR ${active}), false) AS hold_open
        FROM ${holdings} h
        JOIN epustaka e ON e.id = h.epustaka_id
        LEFT JOIN epustaka_members m ON m.epustaka_id = e.id AND m.user_id = ${p.user}::uuid
       WHERE h.${itemColumn} = ${itemRef}
    ) access`;
}

export const HOLDING_COLUMNS = 'hold.collection_id, hold.hold_epustaka_id, hold.epustaka_name, hold.epustaka_isprivate, hold.has_join, hold.member_status, access.hold_open';

export interface HoldingRow {
  collection_id: string;
  hold_epustaka_id: string;
  epustaka_name: string;
  epustaka_isprivate: boolean;
  has_join: boolean;
  member_status: number | null;
  hold_open: boolean;
}

export function epustakaOf(row: HoldingRow): ContentEpustaka {
  return {
    id: row.hold_epustaka_id,
    epustaka_name: row.epustaka_name,
    epustaka_isprivate: row.epustaka_isprivate,
    has_join: row.has_join,
    member_status: row.member_status === null ? null : Number(row.member_status),
  };
}
