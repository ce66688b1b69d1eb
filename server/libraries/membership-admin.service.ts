import type { ApiDeps } from '../deps.ts';
import type { EpustakaMember, JoinVerificationResult, NonMember } from '../../src/lib/libraries/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { findEpustaka } from './epustaka.repository.ts';
import { notifyJoinApproved } from './membership-events.ts';
import { MEMBERSHIP_DAYS } from '../../src/lib/libraries/rules.ts';
import {
  activateMembership,
  administers,
  deleteMembership,
  findMembershipById,
  listMembers,
  listNonMembers,
} from './members.repository.ts';

/*
 * Membership administration (spec 02 §2.12, §4.3, §6): only the library's owner or one of its
 * administrators lists join requests and non-members, approves, adds and removes; anyone else gets
 * 403 `not_epustaka_admin` and nothing changes.
 */

const DAY_MS = 86_400_000;

async function libraryOf(deps: ApiDeps, epustakaId: string, organizationId: string) {
  const epustaka = await findEpustaka(deps.db, epustakaId);
  if (!epustaka || epustaka.organization_id !== organizationId) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
  return epustaka;
}

async function assertAdmin(deps: ApiDeps, epustakaId: string, callerId: string): Promise<void> {
  if (!(await administers(deps.db, epustakaId, callerId, deps.now()))) {
    throw forbidden('not_epustaka_admin', 'Only the ePustaka owner or its administrators can do this.');
  }
}

/** Members (status 1) for anyone signed in; join requests (status 0) for administrators only. */
export async function memberList(
  deps: ApiDeps,
  caller: { id: string; organizationId: string },
  query: { epustaka_id: string; status: 0 | 1; q?: string; limit: number; offset: number },
): Promise<{ rows: EpustakaMember[]; total: number }> {
  await libraryOf(deps, query.epustaka_id, caller.organizationId);
  if (query.status === 0) await assertAdmin(deps, query.epustaka_id, caller.id);
  return listMembers(deps.db, { epustakaId: query.epustaka_id, status: query.status, q: query.q, limit: query.limit, offset: query.offset, now: deps.now() });
}

/** Users who may be added. */
export async function nonMemberList(
  deps: ApiDeps,
  caller: { id: string; organizationId: string },
  query: { epustaka_id: string; q?: string; limit: number; offset: number },
): Promise<{ rows: NonMember[]; total: number }> {
  const epustaka = await libraryOf(deps, query.epustaka_id, caller.organizationId);
  await assertAdmin(deps, epustaka.id, caller.id);
  return listNonMembers(deps.db, { epustakaId: epustaka.id, organizationId: epustaka.organization_id, q: query.q, limit: query.limit, offset: query.offset, now: deps.now() });
}

/**
 * Approves a join request: the member is active at once for {@link MEMBERSHIP_DAYS} days and is
 * told so. Approving an active membership again changes nothing.
 * @throws ApiError membership_not_found (404), not_epustaka_admin (403).
 */
export async function approveMembership(deps: ApiDeps, callerId: string, membershipId: string): Promise<JoinVerificationResult> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const membership = await findMembershipById(tx, membershipId, true);
    if (!membership) throw notFound('membership_not_found', 'The membership could not be found.');
    if (!(await administers(tx, membership.epustaka_id, callerId, now))) {
      throw forbidden('not_epustaka_admin', 'Only the ePustaka owner or its administrators can do this.');
    }
    const active = membership.member_status === 1 && (membership.expires_at === null || new Date(membership.expires_at) > now);
    if (active) {
      return {
        message: 'The member is already active.',
        membership_id: membership.id,
        member_status: 1,
        expires_at: membership.expires_at === null ? null : new Date(membership.expires_at).toISOString(),
      };
    }
    const expiresAt = new Date(now.getTime() + MEMBERSHIP_DAYS * DAY_MS);
    await activateMembership(tx, membership.id, expiresAt);
    const { rows } = await tx.query<{ epustaka_name: string; joined_at: Date | string }>(
      'SELECT e.epustaka_name, m.joined_at FROM epustaka e JOIN epustaka_members m ON m.epustaka_id = e.id WHERE m.id = $1',
      [membership.id],
    );
    await notifyJoinApproved(tx, {
      membershipId: membership.id,
      userId: membership.user_id,
      epustakaId: membership.epustaka_id,
      epustakaName: rows[0]!.epustaka_name,
      requestedAt: rows[0]!.joined_at,
    });
    return { message: 'The join request has been approved.', membership_id: membership.id, member_status: 1, expires_at: expiresAt.toISOString() };
  });
}

/**
 * Removes a member, or declines a join request. Loans already open run to their end; new loans,
 * queue places and reading of private content need a membership again.
 * @throws ApiError membership_not_found (404), not_epustaka_admin (403), owner_membership (409).
 */
export async function removeMembership(deps: ApiDeps, callerId: string, membershipId: string): Promise<void> {
  const now = deps.now();
  await inTransaction(deps.db, async (tx) => {
    const membership = await findMembershipById(tx, membershipId, true);
    if (!membership) throw notFound('membership_not_found', 'The membership could not be found.');
    if (!(await administers(tx, membership.epustaka_id, callerId, now))) {
      throw forbidden('not_epustaka_admin', 'Only the ePustaka owner or its administrators can do this.');
    }
    const { rows } = await tx.query<{ owner: boolean }>('SELECT created_by = $2 AS owner FROM epustaka WHERE id = $1', [membership.epustaka_id, membership.user_id]);
    if (rows[0]?.owner) throw conflict('owner_membership', 'The owner of an ePustaka cannot be removed from it.');
    await deleteMembership(tx, membership.id);
  });
}
