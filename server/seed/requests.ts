import type { Queryable } from '../db/client.ts';
import { notifyJoinRequest } from '../libraries/membership-events.ts';

/**
 * Announces the demo's waiting join requests as asking to join does: through the membership
 * events, so the libraries' owners and administrators find them in their notifications.
 */
export async function announcePendingRequests(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ id: string; epustaka_id: string; epustaka_name: string; user_id: string; name: string; joined_at: Date | string }>(
    `SELECT m.id, m.epustaka_id, e.epustaka_name, m.user_id, u.name, m.joined_at
       FROM epustaka_members m JOIN epustaka e ON e.id = m.epustaka_id JOIN users u ON u.id = m.user_id
      WHERE m.member_status = 0 ORDER BY m.joined_at, m.id`,
  );
  for (const r of rows) {
    await notifyJoinRequest(db, {
      membershipId: r.id,
      epustakaId: r.epustaka_id,
      epustakaName: r.epustaka_name,
      requesterId: r.user_id,
      requesterName: r.name,
      requestedAt: new Date(r.joined_at),
    });
  }
}
