import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type {
  EpustakaCard,
  EpustakaDetail,
  EpustakaListQuery,
  EpustakaMember,
  EpustakaSettings,
  EpustakaSettingsInput,
  EpustakaSitemapEntry,
  JoinVerificationResult,
  MemberListQuery,
  NonMember,
  NonmemberListQuery,
  PublicEpustakaDetail,
} from './schema.ts';

import { LIBRARY_LIMITS } from './rules.ts';

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

/** PUT webhook/epustaka-settings: the owner sets the library's loan limit per member. */
export async function saveEpustakaSettings(http: HttpClient, input: EpustakaSettingsInput): Promise<EpustakaSettings> {
  return (await http.put<ItemBody<EpustakaSettings>>('webhook/epustaka-settings', input)).data;
}

/** A video, audio or article in a library page's preview. */
export interface LibraryContentItem {
  id: string;
  title: string;
  thumbnail_url: string | null;
  /** Seconds, for video and audio. */
  duration: number | null;
}

export interface LibraryContentPreview {
  items: LibraryContentItem[];
  total: number;
}

const NO_CONTENT: LibraryContentPreview = { items: [], total: 0 };

type ContentKind = 'video' | 'audio' | 'article';

/**
 * A page of a library's videos, audio or articles: members' lists (multimedia-list, news-list) or,
 * for visitors, the public ones (public-multimedia-list, public-news-list), which hold only what a
 * public library holds.
 */
async function contentPage(http: HttpClient, epustakaId: string, kind: ContentKind, page: { limit: number; offset: number; visitor: boolean }): Promise<LibraryContentPreview> {
  type Media = { id: string; media_title: string; media_thumbnail_url: string | null; media_duration: number | null };
  type News = { id: string; news_title: string; news_thumbnail_url: string | null };
  const prefix = page.visitor ? 'webhook/public-' : 'webhook/';
  const paging = { epustaka_id: epustakaId, limit: page.limit, ...(page.offset > 0 ? { offset: page.offset } : {}) };
  if (kind === 'article') {
    const body = await http.get<ListBody<News>>(`${prefix}news-list`, paging);
    return { items: body.data.map((n) => ({ id: n.id, title: n.news_title, thumbnail_url: n.news_thumbnail_url, duration: null })), total: body.meta.total };
  }
  const body = await http.get<ListBody<Media>>(`${prefix}multimedia-list`, { type: kind, ...paging });
  return { items: body.data.map((m) => ({ id: m.id, title: m.media_title, thumbnail_url: m.media_thumbnail_url, duration: m.media_duration ?? null })), total: body.meta.total };
}

/**
 * The previews of a library's videos (4), audio (8) and articles (3) (spec 02 §9), read from
 * multimedia-list and news-list. A kind the API does not serve, or cannot list now, has none, so
 * its tab stays hidden until such content exists.
 */
export async function getLibraryContent(http: HttpClient, epustakaId: string): Promise<Record<ContentKind, LibraryContentPreview>> {
  const preview = (kind: ContentKind) =>
    contentPage(http, epustakaId, kind, { limit: LIBRARY_LIMITS.contentPreview[kind].count, offset: 0, visitor: false }).catch(() => NO_CONTENT);
  const [video, audio, article] = await Promise.all([preview('video'), preview('audio'), preview('article')]);
  return { video, audio, article };
}

/** One page of a public library's videos, audio or articles as a visitor may see them (none of a private library). */
export function getPublicLibraryContent(http: HttpClient, epustakaId: string, kind: ContentKind, page: { limit: number; offset: number }): Promise<LibraryContentPreview> {
  return contentPage(http, epustakaId, kind, { ...page, visitor: true });
}
