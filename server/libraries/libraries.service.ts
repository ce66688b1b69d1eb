import type { ApiDeps } from '../deps.ts';
import type { EpustakaDetail, PublicEpustakaDetail } from '../../src/lib/libraries/schema.ts';
import { notFound } from '../http/errors.ts';
import { findLibrary } from './libraries.repository.ts';

const libraryNotFound = () => notFound('epustaka_not_found', 'The ePustaka could not be found.');

/** One library of the caller's organisation with their membership (spec 02 §2.10). */
export async function getLibraryDetail(deps: ApiDeps, caller: { id: string; organizationId: string }, id: string): Promise<EpustakaDetail> {
  const detail = await findLibrary(deps.db, id, { organizationId: caller.organizationId, viewerId: caller.id, now: deps.now() });
  if (!detail) throw libraryNotFound();
  return detail;
}

/** What a signed-out visitor sees of a library of the product's organisation. */
export async function getPublicLibraryDetail(deps: ApiDeps, id: string): Promise<PublicEpustakaDetail> {
  const detail = await findLibrary(deps.db, id, { organizationId: deps.config.organizationId, viewerId: null, now: deps.now() });
  if (!detail) throw libraryNotFound();
  const { has_join: _j, member_status: _s, expires_at: _e, is_admin: _a, is_owner: _o, ...pub } = detail;
  return pub;
}
