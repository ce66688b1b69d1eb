import { graphemes } from '../contract/shorten.ts';

/**
 * Avatar fallback (spec 03 §2.20): the initials of a name on a colour chosen from the name and id.
 * Every colour carries white text at WCAG AA contrast (4.5:1 or more); `className` is the
 * Tailwind background class of the same colour, so a page can paint it without inline styles.
 */
export const AVATAR_PALETTE = [
  { hex: '#b91c1c', className: 'bg-[#b91c1c]' },
  { hex: '#c2410c', className: 'bg-[#c2410c]' },
  { hex: '#a16207', className: 'bg-[#a16207]' },
  { hex: '#4d7c0f', className: 'bg-[#4d7c0f]' },
  { hex: '#15803d', className: 'bg-[#15803d]' },
  { hex: '#0f766e', className: 'bg-[#0f766e]' },
  { hex: '#0e7490', className: 'bg-[#0e7490]' },
  { hex: '#0369a1', className: 'bg-[#0369a1]' },
  { hex: '#1d4ed8', className: 'bg-[#1d4ed8]' },
  { hex: '#4338ca', className: 'bg-[#4338ca]' },
  { hex: '#6d28d9', className: 'bg-[#6d28d9]' },
  { hex: '#a21caf', className: 'bg-[#a21caf]' },
  { hex: '#be185d', className: 'bg-[#be185d]' },
  { hex: '#475569', className: 'bg-[#475569]' },
] as const;

export type AvatarColor = (typeof AVATAR_PALETTE)[number];

/** First letters of the first two words, uppercase; '?' when the name has no letters to show. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => graphemes(word, 1)[0]!.toLocaleUpperCase('id'));
  return letters.join('') || '?';
}

/** The same palette colour for the same name and id, on every device and every visit. */
export function avatarColor(name: string | null | undefined, id: string | null | undefined): AvatarColor {
  // FNV-1a: tiny, stable across platforms, and spreads similar names over the palette.
  let hash = 0x811c9dc5;
  for (const char of `${id ?? ''}\u0000${name ?? ''}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length];
}
