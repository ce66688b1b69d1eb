import type { Queryable } from '../db/client.ts';
import { notify } from '../notifications/notify.ts';
import { epustakaPath, membershipPath } from '../../src/lib/libraries/rules.ts';

/*
 * Notifications of library memberships (spec 02 §4.2), sent in the caller's transaction: a join
 * request tells the library's owner and its helping administrators, an approval tells the member.
 */

/** `membershipId` asked to join a private library: its administrators are told, once per request. */
export async function notifyJoinRequest(
  tx: Queryable,
  input: { membershipId: string; epustakaId: string; epustakaName: string; requesterId: string; requesterName: string; requestedAt: Date },
): Promise<void> {
  const { rows } = await tx.query<{ user_id: string }>(
    `SELECT created_by AS user_id FROM epustaka WHERE id = $1 AND created_by IS NOT NULL
     UNION
     SELECT user_id FROM epustaka_members WHERE epustaka_id = $1 AND is_admin AND member_status = 1`,
    [input.epustakaId],
  );
  for (const { user_id } of rows) {
    await notify(tx, {
      userId: user_id,
      type: 'EPUSTAKA',
      event: 'join_request',
      params: { name: input.requesterName, epustaka: input.epustakaName },
      link: membershipPath(input.epustakaId, 'requests'),
      dedupeKey: `join_request:${input.membershipId}:${input.requestedAt.toISOString()}`,
      object: { type: 'EPUSTAKA', id: input.epustakaId },
      senderId: input.requesterId,
    });
  }
}

/** A request was approved: the member is told, once per request. */
export async function notifyJoinApproved(
  tx: Queryable,
  input: { membershipId: string; userId: string; epustakaId: string; epustakaName: string; requestedAt: Date | string },
): Promise<void> {
  await notify(tx, {
    userId: input.userId,
    type: 'EPUSTAKA',
    event: 'join_approved',
    params: { epustaka: input.epustakaName },
    link: epustakaPath(input.epustakaId),
    dedupeKey: `join_approved:${input.membershipId}:${new Date(input.requestedAt).toISOString()}`,
    object: { type: 'EPUSTAKA', id: input.epustakaId },
  });
}
