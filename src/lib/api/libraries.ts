import type { HttpClient } from './http.ts';
import type { ItemBody, ListBody } from './schemas/common.ts';
import type {
  EpustakaCard,
  EpustakaDetail,
  EpustakaListQuery,
  EpustakaMember,
  EpustakaSitemapEntry,
  JoinVerificationResult,
  MemberListQuery,
  NonMember,
  NonmemberListQuery,
  PublicEpustakaDetail,
} from './schemas/epustaka.ts';

/* Calls of the ePustaka libraries (spec 02 §7 "ePustaka"). */

/** GET webhook/epustaka-list. */
export function getEpustakaList(http: HttpClient, params: EpustakaListQuery): Promise<ListBody<EpustakaCard>> {
  return http.get<ListBody<EpustakaCard>>('webhook/epustaka-list', { ...params });
}

/** GET webhook/epustaka-detail. */
export async function getEpustakaDetail(http: HttpClient, params: { epustaka_id: string }): Promise<EpustakaDetail> {
  return (await http.get<ItemBody<EpustakaDetail>>('webhook/epustaka-detail', params)).data;
}

/** GET webhook/public-epustaka-detail: what anyone may see. */
export async function getPublicEpustakaDetail(http: HttpClient, params: { epustaka_id: string }): Promise<PublicEpustakaDetail> {
  return (await http.get<ItemBody<PublicEpustakaDetail>>('webhook/public-epustaka-detail', params)).data;
}

/** GET webhook/public-epustaka-sitemap. */
export async function getEpustakaSitemap(http: HttpClient): Promise<EpustakaSitemapEntry[]> {
  return (await http.get<ListBody<EpustakaSitemapEntry>>('webhook/public-epustaka-sitemap')).data;
}

/** GET webhook/epustaka-member-list: members (status 1) or join requests (status 0). */
export function getMemberList(http: HttpClient, params: MemberListQuery): Promise<ListBody<EpustakaMember>> {
  return http.get<ListBody<EpustakaMember>>('webhook/epustaka-member-list', { ...params });
}

/** GET webhook/epustaka-nonmember-list. */
export function getNonMemberList(http: HttpClient, params: NonmemberListQuery): Promise<ListBody<NonMember>> {
  return http.get<ListBody<NonMember>>('webhook/epustaka-nonmember-list', { ...params });
}

/** PUT webhook/epustaka-member-join-verification: approves a join request. */
export async function approveJoinRequest(http: HttpClient, membershipId: string): Promise<JoinVerificationResult> {
  return (await http.put<ItemBody<JoinVerificationResult>>('webhook/epustaka-member-join-verification', { membership_id: membershipId, status: 1 })).data;
}

/** DELETE webhook/memberships/{membership_id}: removes a member or declines a request. */
export async function removeMembership(http: HttpClient, membershipId: string): Promise<void> {
  await http.delete(`webhook/memberships/${encodeURIComponent(membershipId)}`);
}
