import type { HttpClient } from './http.ts';
import type { ItemBody, ListBody } from './schemas/common.ts';
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
} from './schemas/epustaka.ts';

import { LIBRARY_LIMITS } from '../domain/libraries.ts';

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

/**
 * The previews of a library's videos (4), audio (8) and articles (3) (spec 02 §9), read from
 * multimedia-list and news-list. A kind the API does not serve, or cannot list now, has none, so
 * its tab stays hidden until such content exists.
 */
export async function getLibraryContent(http: HttpClient, epustakaId: string): Promise<Record<'video' | 'audio' | 'article', LibraryContentPreview>> {
  type Media = { id: string; media_title: string; media_thumbnail_url: string | null; media_duration: number | null };
  type News = { id: string; news_title: string; news_thumbnail_url: string | null };
  const media = async (type: 'video' | 'audio', limit: number): Promise<LibraryContentPreview> => {
    try {
      const body = await http.get<ListBody<Media>>('webhook/multimedia-list', { type, epustaka_id: epustakaId, limit });
      return { items: body.data.map((m) => ({ id: m.id, title: m.media_title, thumbnail_url: m.media_thumbnail_url, duration: m.media_duration ?? null })), total: body.meta.total };
    } catch {
      return NO_CONTENT;
    }
  };
  const news = async (): Promise<LibraryContentPreview> => {
    try {
      const body = await http.get<ListBody<News>>('webhook/news-list', { epustaka_id: epustakaId, limit: LIBRARY_LIMITS.contentPreview.article.count });
      return { items: body.data.map((n) => ({ id: n.id, title: n.news_title, thumbnail_url: n.news_thumbnail_url, duration: null })), total: body.meta.total };
    } catch {
      return NO_CONTENT;
    }
  };
  const [video, audio, article] = await Promise.all([
    media('video', LIBRARY_LIMITS.contentPreview.video.count),
    media('audio', LIBRARY_LIMITS.contentPreview.audio.count),
    news(),
  ]);
  return { video, audio, article };
}
