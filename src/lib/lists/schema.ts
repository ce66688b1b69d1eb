import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField } from '../contract/params.ts';
import { bookListQuerySchema } from '../catalogue/schema.ts';

/*
 * Calls of the spec's endpoint catalogue (spec 03 §7.2) that no page of this client needs yet,
 * for other clients written against the spec: epustaka-available, epustaka-book-collection,
 * book-reading-progress-list, book-reading-duration-list and organization-dropdown. They follow
 * their neighbours: `data` with `meta.total` for lists, `limit`/`offset` paging, coded 400s.
 */

/** Page sizes of these lists. */
export const SPEC_LIST_LIMITS = { default: 25, max: 100 } as const;

const paging = {
  limit: limitParam(SPEC_LIST_LIMITS.default, SPEC_LIST_LIMITS.max),
  offset: offsetParam,
};

/**
 * GET webhook/epustaka-available: whether the caller may open a video, audio item or article
 * (`collection_id`, the item's id) and from which ePustaka holding (spec 03 §3 "Shelf
 * availability result").
 */
export const epustakaAvailableQuerySchema = z.object({ collection_id: uuidField('invalid_collection_id') });
export type EpustakaAvailableQuery = z.input<typeof epustakaAvailableQuerySchema>;

/** The shelf availability of a video, audio item or article for the caller. */
export interface EpustakaAvailability {
  collection_id: string;
  type: 'video' | 'audio' | 'article';
  /** The holding the item is shown from (the spec's epustaka_collection_id) and its ePustaka. */
  epustaka_collection_id: string;
  epustaka_id: string;
  has_join: boolean;
  member_status: 0 | 1 | 3 | null;
  /** The caller may open the item: an active member of a library holding it, or a public library holds it. */
  available: boolean;
}

/** GET webhook/epustaka-book-collection: the books one ePustaka holds, with book-list's filters and sorts. */
export const epustakaBookCollectionQuerySchema = bookListQuerySchema.extend({ epustaka_id: uuidField('invalid_epustaka_id') });
export type EpustakaBookCollectionQuery = z.input<typeof epustakaBookCollectionQuerySchema>;

/** GET webhook/book-reading-progress-list: the caller's places in the books they read, latest first. */
export const readingProgressListQuerySchema = z.object({ ...paging, book_id: uuidField('invalid_book_id').optional() });
export type ReadingProgressListQuery = z.input<typeof readingProgressListQuerySchema>;

/** A row of book-reading-progress-list (spec 02 §3 "Reading progress entry"). */
export interface ReadingProgressEntry {
  reading_id: string;
  book_id: string;
  book_title: string;
  last_page: number;
  total_page: number;
  platform_info: string;
  epub_read_locator: string | null;
  updated_at: string;
}

/** GET webhook/book-reading-duration-list: the caller's seconds per page, by book, latest first. */
export const readingDurationListQuerySchema = z.object({ ...paging, book_id: uuidField('invalid_book_id').optional() });
export type ReadingDurationListQuery = z.input<typeof readingDurationListQuerySchema>;

/** A row of book-reading-duration-list (spec 02 §3 "Reading durations"), with the book's total. */
export interface ReadingDurationEntry {
  book_id: string;
  book_title: string;
  page_duration: { page: number; duration: number }[];
  total_duration: number;
  updated_at: string;
}

/** GET webhook/organization-dropdown: organisations to pick, by name (anyone; for registering). */
export const organizationDropdownQuerySchema = z.object({ ...paging, q: searchParam });
export type OrganizationDropdownQuery = z.input<typeof organizationDropdownQuerySchema>;

/** A row of organization-dropdown. */
export interface OrganizationOption {
  id: string;
  name: string;
}
