/*
 * Rules and constants of search, profiles and follow lists (spec 02 §2.1–§2.5, §9). Plain values,
 * so islands and pages use them without the schemas.
 */

/** Page sizes and limits of the people endpoints. */
export const PEOPLE_LIMITS = {
  search: { default: 25, max: 100 },
  suggested: { default: 20, max: 100 },
  follows: { default: 10, max: 9999 },
  history: { default: 20, max: 100 },
} as const;

/** Orders of the follower and following lists: newest follow first, or by name (abjad). */
export const FOLLOW_SORTS = ['latest', 'abjad'] as const;
export type FollowSort = (typeof FOLLOW_SORTS)[number];

/** Suggested friends per page (spec 03 §7.1). */
export const SUGGESTED_PAGE_SIZE = 20;
/** Rows per page of the friendship screen; 'more' adds as many. */
export const FRIENDSHIP_PAGE_SIZE = 15;
/** Rows per page of the follower and following dialogs of a profile. */
export const FOLLOW_DIALOG_PAGE_SIZE = 10;
/** Rows per page of the history screens (spec 02 §9). */
export const HISTORY_PAGE_SIZE = 20;

/** How many items of each kind a profile page previews before its tabs: 5 books, 4 videos, 8 audio items, 4 articles (spec 02 §2.2). */
export const PROFILE_PREVIEWS = { book: 5, video: 4, audio: 8, article: 4 } as const;

/** The tabs of a profile, in order (spec 02 §2.3). */
export const PROFILE_TABS = ['timeline', 'book', 'video', 'audio', 'article'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The history screen of each media kind. */
export const HISTORY_PAGES = { video: '/more-history-video', audio: '/more-history-audio', article: '/more-article-history' } as const;

/**
 * The tabs a profile shows: timeline and book always, video, audio and article only when the
 * member has such history.
 */
export function visibleProfileTabs(history: { video: number; audio: number; article: number }): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => tab === 'timeline' || tab === 'book' || history[tab] > 0);
}

/** The tab an address asks for, when the profile shows it; `fallback` otherwise. */
export function profileTabOf(param: string | null, visible: readonly ProfileTab[], fallback: ProfileTab): ProfileTab {
  return visible.includes(param as ProfileTab) ? (param as ProfileTab) : fallback;
}

/** A bio as shown: a dash when empty, blank or the text 'null' (spec 02 §5). */
export function bioText(bio: string | null | undefined): string {
  const text = (bio ?? '').trim();
  return text === '' || text === 'null' ? '-' : text;
}

/** The page of a member: one's own is /profile. */
export function profileHref(userId: string, viewerId?: string | null): string {
  return userId === viewerId ? '/profile' : `/profil/user/${userId}`;
}

/** How many pages of `size` an address may ask to show at once (`?page=N` shows N pages). */
export const MAX_SHOWN_PAGES = 40;

/** Reads `?page=N` (pages shown so far, 1 by default). */
export function shownPages(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 && n <= MAX_SHOWN_PAGES ? n : 1;
}

/** True while the server has more rows than are shown, so 'more' has something to add. */
export function hasMoreRows(total: number, shown: number, pages: number): boolean {
  return shown < total && pages < MAX_SHOWN_PAGES;
}
