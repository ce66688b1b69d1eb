import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';
import type { BookListItem } from '../catalogue/schema.ts';
import type { UserBrief } from '../contract/users.ts';
import { FOLLOW_SORTS, PEOPLE_LIMITS } from './rules.ts';

/*
 * Finding people and things, profiles and follow lists (spec 02 §2.1–§2.5, §7 "Search and
 * people"; 03 §2.20 suggested friends): search-book, search-multimedia, search-user,
 * suggested-friends, following, the profile of another user and the media and news histories.
 */

const search = {
  q: searchParam,
  limit: limitParam(PEOPLE_LIMITS.search.default, PEOPLE_LIMITS.search.max),
  offset: offsetParam,
};

/** GET webhook/search-book: books whose title or author match `q`, the most alike first. */
export const searchBookQuerySchema = z.object(search);
export type SearchBookQuery = z.input<typeof searchBookQuerySchema>;

/** GET webhook/search-multimedia: `type` audio or video. */
export const searchMultimediaQuerySchema = z.object({
  ...search,
  type: z.enum(['audio', 'video'], { error: 'invalid_type' }),
});
export type SearchMultimediaQuery = z.input<typeof searchMultimediaQuerySchema>;

/** GET webhook/search-user: members of the caller's organisation by name. */
export const searchUserQuerySchema = z.object(search);
export type SearchUserQuery = z.input<typeof searchUserQuerySchema>;

/**
 * GET webhook/suggested-friends: people of the caller's organisation they do not follow yet.
 * `q`, or `filter` `{"u.name":{"ilike":"..."}}`, narrows by name; `sort=u.name` orders by name.
 */
export const suggestedFriendsQuerySchema = z.object({
  q: searchParam,
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
  sort: z.string().max(40, { error: 'invalid_sort' }).optional(),
  limit: limitParam(PEOPLE_LIMITS.suggested.default, PEOPLE_LIMITS.suggested.max),
  offset: offsetParam,
});
export type SuggestedFriendsQuery = z.input<typeof suggestedFriendsQuerySchema>;

/**
 * GET webhook/following (and the sort of webhook/follower): who `user_id` follows (the caller
 * when absent), by name with `q` or `filter` `{"name":{"ilike":"..."}}`, `sort` latest or abjad.
 */
export const followingListQuerySchema = z.object({
  user_id: id('invalid_user_id').optional(),
  limit: limitParam(PEOPLE_LIMITS.follows.default, PEOPLE_LIMITS.follows.max),
  offset: offsetParam,
  q: searchParam,
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
  sort: z.enum(FOLLOW_SORTS, { error: 'invalid_sort' }).default('latest'),
});
export type FollowingListQuery = z.input<typeof followingListQuerySchema>;

/** GET webhook/profile: `user_id` asks for another member's profile (the caller's own without it). */
export const profileQuerySchema = z.object({ user_id: id('invalid_user_id').optional() });
export type ProfileQuery = z.input<typeof profileQuerySchema>;

// The media and news histories are served by their own resources (schemas/media.ts, news.ts).
export type { MediaHistoryQuery as MultimediaHistoryQuery } from '../media/schema.ts';
export type { NewsHistoryQuery } from '../articles/schema.ts';

// ---------------------------------------------------------------------------------------------
// Responses

/** A row of GET webhook/search-book. */
export type SearchBook = BookListItem;

/** A row of GET webhook/search-multimedia and of the media history (spec 02 §3 Multimedia). */
export type { MediaItem as MultimediaItem } from '../media/schema.ts';

/** A row of GET webhook/news-history-list (spec 02 §3 News history item). */
export type { NewsHistoryItem } from '../articles/schema.ts';

/** A row of search-user, suggested-friends, follower and following. */
export interface PersonRow extends UserBrief {
  bio: string | null;
}

/** GET webhook/profile?user_id=: a member as their profile shows them (spec 02 §2.2, §2.3, §3 User). */
export interface UserProfile extends UserBrief {
  bio: string | null;
  /** True on one's own profile (no follow button there). */
  is_self: boolean;
  follower_count: number;
  following_count: number;
  organizations: { id: string; name: string; logo_url: string | null };
  /** The ePustaka the member belongs to (active memberships). */
  epustaka: { id: string; epustaka_name: string }[];
  /** How many items of each kind the member opened: a tab shows only when its count is above 0. */
  history: { book: number; video: number; audio: number; article: number };
}
