import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findEpustaka } from '../libraries/epustaka.repository.ts';
import { administers } from '../libraries/members.repository.ts';
import type { MemberActivitySummary, MemberLoan, ReadingReview } from '../../src/lib/class-reading/schema.ts';
import * as repo from './library-reading.repository.ts';

/*
 * What a library's owner and admins see of its members' reading: their loans from it and their
 * reviews of its books. Anyone else is refused and sees nothing; a library of another
 * organisation does not exist for the caller.
 */

/** @throws ApiError epustaka_not_found (404), not_epustaka_admin (403). */
async function requireLibraryAdmin(deps: ApiDeps, caller: UserRow, epustakaId: string): Promise<void> {
  const library = await findEpustaka(deps.db, epustakaId);
  if (!library || library.organization_id !== caller.organization_id) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
  if (!(await administers(deps.db, epustakaId, caller.id, deps.now()))) {
    throw forbidden('not_epustaka_admin', 'Only the ePustaka owner or its administrators can do this.');
  }
}

type Paging = { epustaka_id: string; limit: number; offset: number };

/** GET webhook/epustaka-member-loan-list: a page of the members' loans, with the summary counts. */
export async function memberLoanList(deps: ApiDeps, caller: UserRow, query: Paging): Promise<{ rows: MemberLoan[]; total: number; summary: MemberActivitySummary }> {
  await requireLibraryAdmin(deps, caller, query.epustaka_id);
  const now = deps.now();
  const page = await repo.memberLoans(deps.db, { epustakaId: query.epustaka_id, now, limit: query.limit, offset: query.offset });
  return { ...page, summary: await repo.memberSummary(deps.db, query.epustaka_id, now) };
}

/** GET webhook/epustaka-member-review-list: a page of the members' reviews of the library's books. */
export async function memberReviewList(deps: ApiDeps, caller: UserRow, query: Paging): Promise<{ rows: ReadingReview[]; total: number }> {
  await requireLibraryAdmin(deps, caller, query.epustaka_id);
  return repo.memberReviews(deps.db, { epustakaId: query.epustaka_id, limit: query.limit, offset: query.offset });
}
