import { z } from 'zod';
import { flagParam, limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';
import { LIBRARY_LIMITS, LOAN_LIMIT } from './rules.ts';

/*
 * ePustaka libraries (spec 02 §2.9–§2.12, §3 "ePustaka", "Member", §4.3, §7 "ePustaka"): the
 * directory, a library's detail (signed in and public), its members, the users who are not yet
 * members, and the administration of memberships. Inputs are zod schemas the API validates with;
 * responses are interfaces. Dates are ISO 8601 strings.
 */

/** GET webhook/epustaka-list. `managed=true`: only libraries the caller administers. */
export const epustakaListQuerySchema = z.object({
  limit: limitParam(LIBRARY_LIMITS.directory.first, LIBRARY_LIMITS.maxPage),
  offset: offsetParam,
  q: searchParam,
  managed: flagParam,
});
export type EpustakaListQuery = z.input<typeof epustakaListQuerySchema>;

/** GET webhook/epustaka-detail and webhook/public-epustaka-detail. */
export const epustakaDetailQuerySchema = z.object({ epustaka_id: id('invalid_epustaka_id') });
export type EpustakaDetailQuery = z.input<typeof epustakaDetailQuerySchema>;

/** GET webhook/epustaka-member-list: status 1 (members, the default) or 0 (join requests, administrators only). */
export const memberListQuerySchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  limit: limitParam(LIBRARY_LIMITS.members.first, LIBRARY_LIMITS.maxPage),
  offset: offsetParam,
  status: z.enum(['0', '1'], { error: 'invalid_status' }).default('1').transform((s) => Number(s) as 0 | 1),
  q: searchParam,
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

/** GET webhook/epustaka-nonmember-list (administrators only). */
export const nonmemberListQuerySchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  limit: limitParam(LIBRARY_LIMITS.nonmembers, LIBRARY_LIMITS.maxPage),
  offset: offsetParam,
  q: searchParam,
});
export type NonmemberListQuery = z.input<typeof nonmemberListQuerySchema>;

/** PUT webhook/epustaka-member-join-verification: approves a waiting request. */
export const joinVerificationSchema = z.object({
  membership_id: id('invalid_membership_id'),
  status: z.literal(1, { error: 'invalid_status' }),
});
export type JoinVerificationInput = z.input<typeof joinVerificationSchema>;

/** The `{membership_id}` of DELETE webhook/memberships/{membership_id}. */
export const membershipIdSchema = id('invalid_membership_id');

const loanLimitError = { error: 'invalid_max_loans_per_member' } as const;

/** PUT webhook/epustaka-settings (the library's owner only): how many loans one member may have open from it. */
export const epustakaSettingsSchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  max_loans_per_member: z.number(loanLimitError).int(loanLimitError).min(LOAN_LIMIT.min, loanLimitError).max(LOAN_LIMIT.max, loanLimitError),
});
export type EpustakaSettingsInput = z.input<typeof epustakaSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

/** A library as the directory shows it, with the caller's membership. */
export interface EpustakaCard {
  id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  /** L = an institution (lembaga), P = a person (perorangan). */
  epustaka_category: 'L' | 'P';
  /** Active members. */
  member_count: number;
  /** Titles held. */
  collection_count: number;
  has_join: boolean;
  /** 0 waiting approval, 1 active, 3 expired; null when not joined. */
  member_status: 0 | 1 | 3 | null;
  /** Join requests waiting (only in the `managed=true` list). */
  request_count?: number;
  /** Loans one member may have open at a time (only in the `managed=true` list). */
  max_loans_per_member?: number;
  /** The caller owns the library (only in the `managed=true` list). */
  is_owner?: boolean;
}

/** PUT webhook/epustaka-settings: the library's settings as saved. */
export interface EpustakaSettings {
  epustaka_id: string;
  max_loans_per_member: number;
}

/** What anyone may see of a library (GET webhook/public-epustaka-detail). */
export interface PublicEpustakaDetail {
  id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  epustaka_category: 'L' | 'P';
  /** As entered, may hold simple HTML; clients sanitise before rendering. */
  epustaka_about: string | null;
  member_count: number;
  collection_count: number;
  /** DRM titles, open titles and the DRM copies over them. */
  drm_count: number;
  nondrm_count: number;
  drm_copy_count: number;
  share_url: string;
  updated_at: string;
}

/** GET webhook/epustaka-detail: the public fields with the caller's membership. */
export interface EpustakaDetail extends PublicEpustakaDetail {
  has_join: boolean;
  member_status: 0 | 1 | 3 | null;
  /** When the caller's membership ends (null: no end, or not a member). */
  expires_at: string | null;
  /** The caller owns or helps administer the library. */
  is_admin: boolean;
  /** The caller owns the library (and may post as it). */
  is_owner: boolean;
}

/** One membership in GET webhook/epustaka-member-list. */
export interface EpustakaMember {
  id: string;
  name: string;
  avatar_url: string | null;
  membership_id: string;
  member_status: 0 | 1 | 3;
  joined_at: string;
  expires_at: string | null;
  /** The library's owner (cannot be removed). */
  is_owner: boolean;
  is_admin: boolean;
}

/** One user in GET webhook/epustaka-nonmember-list. */
export interface NonMember {
  id: string;
  name: string;
  avatar_url: string | null;
}

/** PUT webhook/epustaka-member-join-verification. */
export interface JoinVerificationResult {
  message: string;
  membership_id: string;
  member_status: 1;
  expires_at: string | null;
}

/** GET webhook/public-epustaka-sitemap. */
export interface EpustakaSitemapEntry {
  id: string;
  updated_at: string;
}
