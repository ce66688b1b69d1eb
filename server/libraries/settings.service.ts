import type { ApiDeps } from '../deps.ts';
import type { EpustakaSettings } from '../../src/lib/libraries/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findEpustaka } from './epustaka.repository.ts';
import { setLoanLimit } from '../lending/loan-limit.repository.ts';

/**
 * Saves a library's loan limit. Only its owner may: administrators run memberships, not the
 * library's rules. A library of another organisation is unknown (404).
 * @throws ApiError epustaka_not_found (404), not_epustaka_owner (403).
 */
export async function saveLibrarySettings(
  deps: ApiDeps,
  caller: { id: string; organizationId: string },
  input: { epustaka_id: string; max_loans_per_member: number },
): Promise<EpustakaSettings> {
  const epustaka = await findEpustaka(deps.db, input.epustaka_id);
  if (!epustaka || epustaka.organization_id !== caller.organizationId) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
  if (epustaka.created_by !== caller.id) throw forbidden('not_epustaka_owner', 'Only the owner of the ePustaka can change its settings.');
  await setLoanLimit(deps.db, epustaka.id, input.max_loans_per_member);
  return { epustaka_id: epustaka.id, max_loans_per_member: input.max_loans_per_member };
}
