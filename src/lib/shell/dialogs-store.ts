import { atom } from 'nanostores';
import type { UnavailableKind, UnavailableLibrary } from '../site/unavailable.ts';

export interface ImagePreview {
  src: string;
  alt: string;
}

/** What the content-unavailable dialog says: the kind, and for private content the library that holds it. */
export interface ContentUnavailable {
  kind: UnavailableKind;
  library: UnavailableLibrary | null;
}

/** The content-unavailable dialog of the signed-in layout, or null when closed. */
export const $contentUnavailable = atom<ContentUnavailable | null>(null);

/** The image shown full size by the image preview dialog, or null when closed. */
export const $imagePreview = atom<ImagePreview | null>(null);

/**
 * Says that the content asked for cannot be shown ('private' or 'not_found'); for private content,
 * `library` is the library that holds it with the caller's membership there.
 */
export function showContentUnavailable(kind: UnavailableKind, library: UnavailableLibrary | null = null): void {
  $contentUnavailable.set({ kind, library: kind === 'private' ? library : null });
}

/** Shows a post or avatar image full size. */
export function previewImage(image: ImagePreview): void {
  $imagePreview.set(image);
}
