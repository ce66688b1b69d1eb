/*
 * QR codes for shelves and posters (README "QR codes"): plain values and rules shared by the API,
 * the pages and islands (no zod here, so islands may import it).
 */

/** What a code can open. Book and ePustaka resolve today; the others once their pages exist. */
export const QR_TARGET_TYPES = ['BOOK', 'EPUSTAKA', 'VIDEO', 'AUDIO', 'ARTICLE'] as const;
export type QrTargetType = (typeof QR_TARGET_TYPES)[number];

/** The longest location label, in characters. */
export const QR_LOCATION_MAX = 60;

/** Codes listed per page on /qr-codes. */
export const QR_LIST_LIMIT = 25;

/**
 * The address segment of a location label: lower-case letters and digits joined by single
 * hyphens, accents dropped, at most QR_LOCATION_MAX characters; '' when nothing is left.
 * "Rak 3, lantai 2" becomes "rak-3-lantai-2".
 */
export function locationSlug(label: string | null | undefined): string {
  if (!label) return '';
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, QR_LOCATION_MAX)
    .replace(/-+$/, '');
}

/** The address a code prints: `<origin>/qr/<id>` plus `/<location>` when the code has a label. */
export function qrUrl(origin: string, id: string, label?: string | null): string {
  const slug = locationSlug(label);
  return `${origin.replace(/\/+$/, '')}/qr/${id}${slug ? `/${slug}` : ''}`;
}

/** The detail page a signed-in scan opens, or null for a kind whose page does not exist yet. */
export function qrTargetPath(type: QrTargetType, id: string): string {
  switch (type) {
    case 'BOOK':
      return `/book/${id}`;
    case 'EPUSTAKA':
      return `/epustaka/${id}`;
    case 'VIDEO':
      return `/video/${id}`;
    case 'AUDIO':
      return `/audio/${id}`;
    case 'ARTICLE':
      return `/article/${id}`;
  }
}
