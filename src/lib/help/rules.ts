import { clip } from '../contract/shorten.ts';

/** The help centre's how-to documents, in the order the accordion shows them. */
export const HELP_DOCS = [
  { slug: 'borrowing', audience: 'members' },
  { slug: 'queues', audience: 'members' },
  { slug: 'joining', audience: 'members' },
  { slug: 'reading', audience: 'members' },
  { slug: 'membership', audience: 'librarians' },
  { slug: 'qr-codes', audience: 'librarians' },
] as const;

export type HelpDoc = (typeof HELP_DOCS)[number];
export type HelpSlug = HelpDoc['slug'];
export type HelpAudience = HelpDoc['audience'];

export const HELP_AUDIENCES: readonly HelpAudience[] = ['members', 'librarians'];

/** The longest search the help page takes; anything longer is cut. */
export const HELP_QUERY_MAX = 80;

export function isHelpSlug(value: string | undefined): value is HelpSlug {
  return HELP_DOCS.some((doc) => doc.slug === value);
}

/** Lower case without accents, so "panduan" finds "Panduan" and "cafe" finds "café". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The documents whose title holds every word of `query` (any order, any case); all of them for an
 * empty query. `titleOf` gives a document's title in the reader's language.
 */
export function searchHelpDocs(query: string, titleOf: (slug: HelpSlug) => string): HelpDoc[] {
  const words = fold(clip(query, HELP_QUERY_MAX)).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...HELP_DOCS];
  return HELP_DOCS.filter((doc) => {
    const title = fold(titleOf(doc.slug));
    return words.every((word) => title.includes(word));
  });
}
