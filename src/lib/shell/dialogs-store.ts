import { atom } from 'nanostores';
import type { UnavailableKind } from '../site/unavailable.ts';

export interface ImagePreview {
  src: string;
  alt: string;
}

/** The content-unavailable dialog of the signed-in layout, or null when closed. */
export const $contentUnavailable = atom<UnavailableKind | null>(null);

/** The image shown full size by the image preview dialog, or null when closed. */
export const $imagePreview = atom<ImagePreview | null>(null);

/** Says that the content asked for cannot be shown ('private' or 'not_found'). */
export function showContentUnavailable(kind: UnavailableKind): void {
  $contentUnavailable.set(kind);
}

/** Shows a post or avatar image full size. */
export function previewImage(image: ImagePreview): void {
  $imagePreview.set(image);
}
