import { coverPalettes } from './palettes.ts';
import { motifs } from './motifs.ts';
import { createRandom, hashSeed } from './random.ts';
import { escapeXml } from './text.ts';
import { LAYOUT_NAMES, layouts } from './layouts.ts';

/** What a generated cover shows. */
export interface CoverInput {
  title: string;
  author: string;
  /** Optional label, printed below the title or above the author. */
  category?: string;
  /** Picks palette, ornament and layout; the same seed always gives the same cover. */
  seed: string;
}

/**
 * Renders a self-contained 400×600 SVG book cover in one of several layouts (cover-layouts.ts): a
 * palette, a batik-like ornament, the title wrapped over at most five lines, the author at the
 * bottom and an optional category label (never at the top, where the catalogue may lay a badge).
 * All text is XML-escaped and nothing outside the document is referenced, so the result can be
 * served as-is with `image/svg+xml`.
 */
export function coverSvg(input: CoverInput): string {
  const hash = hashSeed(input.seed);
  const random = createRandom(hash);
  const palette = coverPalettes[random.int(coverPalettes.length)]!;
  const paint = motifs[random.int(motifs.length)]!;
  const layout = LAYOUT_NAMES[random.int(LAYOUT_NAMES.length)]!;
  const id = `c${hash.toString(36)}`;
  const motif = paint(id, palette, random);

  const title = input.title.trim();
  const author = input.author.trim();
  const label = [title, author].filter(Boolean).join(' — ');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(label)}" data-layout="${layout}">`,
    `<title>${escapeXml(label)}</title>`,
    '<defs>',
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bg1}"/><stop offset="1" stop-color="${palette.bg2}"/></linearGradient>`,
    `<linearGradient id="${id}-spine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    motif.defs,
    '</defs>',
    ...layouts[layout]({ id, palette, motif, title, author, category: input.category?.trim() ?? '' }),
    '</svg>',
  ].join('');
}
