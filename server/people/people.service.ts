import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type { UserProfile } from '../../src/lib/people/schema.ts';
import { notFound } from '../http/errors.ts';
import { findUserProfile, isVisibleMember } from './people.repository.ts';

/*
 * Who may see whom: members see the profiles, follow lists and histories of the members of their
 * own organisation. Anyone else is answered like an unknown user (404 user_not_found).
 */

export function userNotFound() {
  return notFound('user_not_found', 'The user could not be found.');
}

/**
 * GET webhook/profile?user_id=: a member's profile with the viewer's follow of them.
 * @throws ApiError user_not_found (404) for an unknown user or one of another organisation.
 */
export async function userProfile(deps: ApiDeps, viewer: UserRow, userId: string): Promise<UserProfile> {
  const profile = await findUserProfile(deps.db, { userId, viewerId: viewer.id, organizationId: viewer.organization_id, now: deps.now() });
  if (!profile) throw userNotFound();
  return profile;
}

/**
 * The user whose lists or history are asked for: `userId` when the viewer may see them, the
 * viewer when absent.
 * @throws ApiError user_not_found (404).
 */
export async function visibleUserId(deps: ApiDeps, viewer: UserRow, userId: string | undefined): Promise<string> {
  if (!userId || userId === viewer.id) return viewer.id;
  if (!(await isVisibleMember(deps.db, userId, viewer.organization_id))) throw userNotFound();
  return userId;
}
