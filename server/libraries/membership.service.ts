import type { ApiDeps } from '../deps.ts';
import type { JoinEpustakaInput, JoinResult } from '../../src/lib/lending/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { effectiveStatus, existingUserIds, findEpustaka, findMembership, upsertMembership, type MemberStatus } from './epustaka.repository.ts';
import { administers } from './members.repository.ts';
import { notifyJoinApproved, notifyJoinRequest } from './membership-events.ts';
import { MEMBERSHIP_DAYS } from '../../src/lib/libraries/rules.ts';

/**
 * Joins users to an ePustaka (spec 01 §4.2, 03 §4.5). A self-join to a public ePustaka is active
 * at once (1); to a private one it waits for approval (0). An expired membership (3) is extended
 * the same way; an active or waiting one is left as it is. The ePustaka's owner or one of its
 * administrators may add other users, who become active members at once. A new request to a
 * private ePustaka notifies its administrators.
 * @throws ApiError epustaka_not_found, user_not_found (404), user_mismatch (403).
 */
export async function joinEpustaka(deps: ApiDeps, callerId: string, input: JoinEpustakaInput): Promise<JoinResult> {
  const epustaka = await findEpustaka(deps.db, input.epustaka_id);
  if (!epustaka) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
  const userIds = [...new Set(input.user_ids.map((id) => id.toLowerCase()))];
  const byOwner = await administers(deps.db, epustaka.id, callerId, deps.now());
  if (!byOwner && userIds.some((id) => id !== callerId)) {
    throw forbidden('user_mismatch', 'Only the ePustaka owner or its administrators can add other users.');
  }
  const known = await existingUserIds(deps.db, userIds);
  if (known.size !== userIds.length) throw notFound('user_not_found', 'One of the users could not be found.');
  const now = deps.now();
  const members = await inTransaction(deps.db, async (tx) => {
    const result: { user_id: string; member_status: MemberStatus }[] = [];
    for (const userId of userIds) {
      const current = effectiveStatus(await findMembership(tx, epustaka.id, userId), now);
      let status: MemberStatus;
      if (current === 1 || (current === 0 && !byOwner)) status = current;
      else status = byOwner || !epustaka.epustaka_isprivate ? 1 : 0;
      if (status !== current) {
        const membershipId = await upsertMembership(tx, epustaka.id, userId, status, now);
        // Added by an administrator: a year's membership, as an approved request gets.
        if (byOwner && status === 1) {
          await tx.query('UPDATE epustaka_members SET expires_at = $2 WHERE id = $1', [membershipId, new Date(now.getTime() + MEMBERSHIP_DAYS * 86_400_000).toISOString()]);
          // Adding someone whose request waited answers that request.
          if (current === 0) {
            await notifyJoinApproved(tx, { membershipId, userId, epustakaId: epustaka.id, epustakaName: epustaka.epustaka_name, requestedAt: now });
          }
        }
        if (status === 0) {
          const { rows } = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId]);
          await notifyJoinRequest(tx, { membershipId, epustakaId: epustaka.id, epustakaName: epustaka.epustaka_name, requesterId: userId, requesterName: rows[0]!.name, requestedAt: now });
        }
      }
      result.push({ user_id: userId, member_status: status });
    }
    return result;
  });
  const first = members[0]!.member_status;
  return {
    message: first === 1 ? 'You are now a member of this ePustaka.' : 'Your request to join has been sent and is waiting for approval.',
    epustaka_id: epustaka.id,
    members,
    member_status: first,
  };
}
