/*
 * Pure rules of the ePustaka libraries (spec 02 §2.9–§2.12, §4.3, §9): page sizes, how long an
 * approved membership runs, the join button of a library and the breakdown of its book count.
 * Plain values only, so islands may import them without the schemas.
 */

/** How many rows each library list shows first and adds per 'load more' (spec 02 §9). */
export const LIBRARY_LIMITS = {
  /** The directory: 20, then 15 per 'load more'. */
  directory: { first: 20, more: 15 },
  /** Members and join requests on /membership: 10, +10. */
  members: { first: 10, more: 10 },
  /** The member list opened from a library's page: 20, +25. */
  memberModal: { first: 20, more: 25 },
  /** Users who are not members yet, in the add-members dialog. */
  nonmembers: 20,
  /** A library's books: 20, then 15. */
  books: { first: 20, more: 15 },
  /** Book previews on a library's page; 'more' shows when it holds more than 5. */
  bookPreview: 6,
  bookPreviewMoreOver: 5,
  /** Video, audio and article previews, and the count over which 'more' shows. */
  contentPreview: { video: { count: 4, moreOver: 2 }, audio: { count: 8, moreOver: 6 }, article: { count: 3, moreOver: 2 } },
  maxPage: 100,
} as const;

/**
 * How many loans one member may have open from one library at a time: the library's owner chooses
 * between `min` and `max`; a new library allows `default`.
 */
export const LOAN_LIMIT = { default: 5, min: 1, max: 100 } as const;

/** An approved or added membership runs this many days, then it is expired (3) until extended. */
export const MEMBERSHIP_DAYS = 365;

/** The ePustaka join button's label (spec 02 §4.3); keys under `libraries.join.`. */
export type LibraryJoinLabel = 'join' | 'askToJoin' | 'joined' | 'pending' | 'extend';

/**
 * What a click does: `join` asks to join (private) or joins (public) after the dialog;
 * `none` does nothing (joined, or waiting for approval).
 */
export interface LibraryJoinButton {
  label: LibraryJoinLabel;
  action: 'join' | 'none';
  disabled: boolean;
}

export function libraryJoinButton(lib: { has_join: boolean; member_status: number | null; epustaka_isprivate: boolean }): LibraryJoinButton {
  if (!lib.has_join || lib.member_status === null) {
    return { label: lib.epustaka_isprivate ? 'askToJoin' : 'join', action: 'join', disabled: false };
  }
  if (lib.member_status === 1) return { label: 'joined', action: 'none', disabled: false };
  if (lib.member_status === 3) return { label: 'extend', action: 'join', disabled: false };
  return { label: 'pending', action: 'none', disabled: true };
}

/** The signed-in library page's Activities tab: members of a library that has DRM books (spec 02 §2.10). */
export function showsActivities(lib: { member_status: number | null; drm_count: number }): boolean {
  return lib.member_status === 1 && lib.drm_count > 0;
}

/** `/epustaka/{id}`. */
export function epustakaPath(id: string): string {
  return `/epustaka/${id}`;
}

/** `/epustaka-book-category?epustaka={id}`. */
export function epustakaBooksPath(id: string): string {
  return `/epustaka-book-category?epustaka=${encodeURIComponent(id)}`;
}

/** `/membership`, with the join-requests tab open when `tab` is 'requests'. */
export function membershipPath(epustakaId?: string, tab?: 'members' | 'requests'): string {
  const params = new URLSearchParams();
  if (epustakaId) params.set('epustaka', epustakaId);
  if (tab === 'requests') params.set('tab', 'requests');
  const search = params.toString();
  return search ? `/membership?${search}` : '/membership';
}

export type LibraryContentKind = 'video' | 'audio' | 'article';

/** Where a library's video, audio or article opens, and its full list (spec 03 §2.1). */
export function libraryContentPaths(kind: LibraryContentKind, epustakaId: string, itemId?: string) {
  return {
    item: itemId ? `/${kind}/${itemId}/${epustakaId}` : '',
    list: `/list-${kind}-epustaka?epustaka=${encodeURIComponent(epustakaId)}`,
  };
}

/** The tab `?tab=` asks for on a library page; anything else is the Books tab. */
export function libraryTab(value: string | null): 'books' | 'video' | 'audio' | 'article' | 'activities' | 'member-reading' {
  return value === 'video' || value === 'audio' || value === 'article' || value === 'activities' || value === 'member-reading' ? value : 'books';
}
