import type { HttpClient } from '../http/http.ts';
import { getPublicBookList } from '../catalogue/public-books-api.ts';
import { getPublicLibraryContent, type LibraryContentPreview } from './api.ts';
import type { PublicBookListItem } from '../catalogue/public-books-schema.ts';

/*
 * What a visitor sees of a public library on /epustaka/<id>: its books (a first row, the rest on
 * /books?epustaka=<id>) and its videos, audio and articles a page at a time, chosen by `?tab=` and
 * `?page=` links, so the page needs no script. A private library shows none of its holdings.
 */

/** The tabs of a public library page; books first. */
export const PUBLIC_LIBRARY_TABS = ['books', 'video', 'audio', 'article'] as const;
export type PublicLibraryTab = (typeof PUBLIC_LIBRARY_TABS)[number];

/** Items per page of a tab. */
export const PUBLIC_LIBRARY_PAGE = 12;
/** The furthest page a link may lead to. */
export const PUBLIC_LIBRARY_MAX_PAGE = 100;

export interface PublicLibraryHoldings {
  tab: PublicLibraryTab;
  page: number;
  books: PublicBookListItem[];
  /** How many of each kind a visitor may see. */
  totals: Record<PublicLibraryTab, number>;
  /** The open tab's page of videos, audio or articles. */
  items: LibraryContentPreview['items'];
  failed: boolean;
}

/** The tab and page `?tab=&page=` ask for; anything unknown is the first page of books. */
export function publicLibraryView(params: URLSearchParams): { tab: PublicLibraryTab; page: number } {
  const tab = (PUBLIC_LIBRARY_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as PublicLibraryTab) : 'books';
  const page = Number(params.get('page') ?? '1');
  return { tab, page: tab !== 'books' && Number.isInteger(page) && page >= 1 ? Math.min(page, PUBLIC_LIBRARY_MAX_PAGE) : 1 };
}

/** The address of a tab's page: only what differs from the first page of books is in it. */
export function publicLibraryHref(id: string, tab: PublicLibraryTab, page = 1): string {
  const params = new URLSearchParams();
  if (tab !== 'books') params.set('tab', tab);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/epustaka/${id}?${search}` : `/epustaka/${id}`;
}

/** Loads the books row, every kind's count and the open tab's page for a visitor. */
export async function loadPublicLibraryHoldings(http: HttpClient, id: string, view: { tab: PublicLibraryTab; page: number }): Promise<PublicLibraryHoldings> {
  const { tab, page } = view;
  const content = (kind: 'video' | 'audio' | 'article') =>
    getPublicLibraryContent(http, id, kind, kind === tab ? { limit: PUBLIC_LIBRARY_PAGE, offset: (page - 1) * PUBLIC_LIBRARY_PAGE } : { limit: 1, offset: 0 });
  try {
    const [books, video, audio, article] = await Promise.all([
      getPublicBookList(http, { epustaka_id: id, limit: PUBLIC_LIBRARY_PAGE, offset: 0 }),
      content('video'),
      content('audio'),
      content('article'),
    ]);
    const items = tab === 'video' ? video.items : tab === 'audio' ? audio.items : tab === 'article' ? article.items : [];
    return { tab, page, books: books.data, totals: { books: books.meta.total, video: video.total, audio: audio.total, article: article.total }, items, failed: false };
  } catch (error) {
    console.error(`The public holdings of ePustaka ${id} could not be loaded`, error);
    return { tab, page, books: [], totals: { books: 0, video: 0, audio: 0, article: 0 }, items: [], failed: true };
  }
}
