import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField } from '../contract/params.ts';
import { MEDIA_PAGE, MEDIA_SORTS, MEDIA_TYPES, type MediaType } from './values.ts';

/*
 * Videos and audio (spec 03 §2.2–2.8, §3 "Media item", §7.1): multimedia-list, multimedia-home,
 * multimedia-detail, public-multimedia-detail, multimedia-history-list and the position saved by
 * collection-access-history.
 */

const mediaType = z.enum(MEDIA_TYPES, { error: 'invalid_type' });

/** GET webhook/multimedia-list and webhook/multimedia-home. */
export const mediaListQuerySchema = z.object({
  type: mediaType,
  limit: limitParam(MEDIA_PAGE.first, MEDIA_PAGE.max),
  offset: offsetParam,
  sort: z.enum(MEDIA_SORTS, { error: 'invalid_sort' }).default('-created_at'),
  epustaka_id: uuidField('invalid_epustaka_id').optional(),
  q: searchParam,
});
export type MediaListQuery = z.input<typeof mediaListQuerySchema>;

/** GET webhook/multimedia-detail (signed in) and webhook/public-multimedia-detail (anyone). */
export const mediaDetailQuerySchema = z.object({
  media_id: uuidField('invalid_media_id'),
  type: mediaType.optional(),
  epustaka_id: uuidField('invalid_epustaka_id').optional(),
});
export type MediaDetailQuery = z.input<typeof mediaDetailQuerySchema>;

/** GET webhook/multimedia-history-list. */
export const mediaHistoryQuerySchema = z.object({
  type: mediaType,
  user_id: uuidField('invalid_user_id').optional(),
  limit: limitParam(12, MEDIA_PAGE.max),
  offset: offsetParam,
  q: searchParam,
});
export type MediaHistoryQuery = z.input<typeof mediaHistoryQuerySchema>;

/** POST webhook/collection-access-history: the place reached (seconds; 0 for an article). */
export const collectionAccessSchema = z.object({
  epustaka_collection_id: uuidField('invalid_epustaka_collection_id'),
  user_id: uuidField('invalid_user_id').optional(),
  progress: z.number({ error: 'invalid_progress' }).int({ error: 'invalid_progress' }).min(0, { error: 'invalid_progress' }).max(86_400 * 7, { error: 'invalid_progress' }),
});
export type CollectionAccessInput = z.infer<typeof collectionAccessSchema>;

/** The ePustaka an item is shown from, with the caller's membership (spec 03 §3). */
export const contentEpustakaSchema = z.object({
  id: z.string(),
  epustaka_name: z.string(),
  epustaka_isprivate: z.boolean(),
  has_join: z.boolean(),
  member_status: z.number().nullable(),
});
export type ContentEpustaka = z.infer<typeof contentEpustakaSchema>;

export interface MediaItem {
  id: string;
  type: MediaType;
  media_title: string;
  media_description: string | null;
  media_thumbnail_url: string | null;
  /** The file's address, only for someone the access rule lets play it. */
  media_file_url: string | null;
  media_extension: string;
  media_duration: number;
  youtube_id: string | null;
  content_type: string | null;
  created_at: string;
  updated_at: string;
  epustaka_id: string | null;
  epustaka_collection_id: string | null;
  epustaka: ContentEpustaka | null;
  /** Whether the caller may play it. */
  can_play: boolean;
  /** The caller's saved position in seconds (0 when none or signed out). */
  progress: number;
}

/** A row of a media history (spec 02 §3 "Multimedia"): `collection_id` is the item's id, as its links name it. */
export interface MediaHistoryItem extends MediaItem {
  collection_id: string;
  history_id: string;
  last_accessed_at: string;
}
