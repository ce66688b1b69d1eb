import { coverPalettes } from './cover-palettes.ts';
import { motifs } from './cover-motifs.ts';
import { createRandom, hashSeed, r1 } from './cover-random.ts';
import { escapeXml, estimateWidth, layoutTitle, truncateToWidth } from './cover-text.ts';

/** What a generated cover shows. */
export interface CoverInput {
  title: string;
  author: string;
  /** Optional label printed at the top. */
  category?: string;
  /** Picks palette and ornament; the same seed always gives the same cover. */
  seed: string;
}

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = 'Helvetica, Arial, sans-serif';
const TEXT_WIDTH = 300;
const TITLE_CENTER_Y = 300;

/**
 * Renders a self-contained 400×600 SVG book cover: a gradient background with a batik-like
 * ornament, the title wrapped over at most five lines, the author at the bottom and an optional
 * category label at the top. All text is XML-escaped and nothing outside the document is
 * referenced, so the result can be served as-is with `image/svg+xml`.
 */
export function coverSvg(input: CoverInput): string {
  const hash = hashSeed(input.seed);
  const random = createRandom(hash);
  const palette = coverPalettes[random.int(coverPalettes.length)]!;
  const paint = motifs[random.int(motifs.length)]!;
  const id = `c${hash.toString(36)}`;
  const motif = paint(id, palette, random);

  const title = input.title.trim();
  const author = input.author.trim();
  const label = [title, author].filter(Boolean).join(' — ');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    '<defs>',
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bg1}"/><stop offset="1" stop-color="${palette.bg2}"/></linearGradient>`,
    `<linearGradient id="${id}-spine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    motif.defs,
    '</defs>',
    `<rect width="400" height="600" fill="url(#${id}-bg)"/>`,
    motif.body,
    `<rect x="40" y="128" width="320" height="344" rx="6" fill="${palette.bg2}" opacity=".72"/>`,
    `<rect x="16" y="16" width="368" height="568" rx="4" fill="none" stroke="${palette.accent}" stroke-opacity=".6" stroke-width="1.5"/>`,
    `<rect width="22" height="600" fill="url(#${id}-spine)"/>`,
    categoryLabel(input.category?.trim() ?? '', palette.accent, palette.bg2),
    titleBlock(title, palette.ink, palette.accent),
    authorLine(author, palette.ink, palette.accent),
    '</svg>',
  ].join('');
}

function categoryLabel(category: string, fill: string, ink: string): string {
  if (!category) return '';
  const size = 12;
  const spacing = 2.4;
  const text = truncateToWidth(category.toUpperCase(), size, 240);
  const width = r1(estimateWidth(text, size) + spacing * [...text].length + 28);
  return (
    `<rect x="${r1(200 - width / 2)}" y="44" width="${width}" height="26" rx="13" fill="${fill}"/>` +
    `<text x="200" y="61.5" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" letter-spacing="${spacing}" fill="${ink}">${escapeXml(text)}</text>`
  );
}

function titleBlock(title: string, ink: string, accent: string): string {
  const { size, lines } = layoutTitle(title, TEXT_WIDTH);
  if (lines.length === 0) return '';
  const lineHeight = r1(size * 1.18);
  const first = r1(TITLE_CENTER_Y - ((lines.length - 1) * lineHeight) / 2 + size * 0.35);
  const tspans = lines
    .map((line, i) => `<tspan x="200" y="${r1(first + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const barY = r1(first + (lines.length - 1) * lineHeight + 26);
  return (
    `<text text-anchor="middle" font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${ink}">${tspans}</text>` +
    `<rect x="172" y="${barY}" width="56" height="4" rx="2" fill="${accent}"/>`
  );
}

function authorLine(author: string, ink: string, accent: string): string {
  if (!author) return '';
  const size = estimateWidth(author, 20) <= TEXT_WIDTH ? 20 : 17;
  const text = truncateToWidth(author, size, TEXT_WIDTH);
  return (
    `<path d="M200 512l6 6-6 6-6-6z" fill="${accent}"/>` +
    `<text x="200" y="554" text-anchor="middle" font-family="${SANS}" font-size="${size}" letter-spacing=".6" fill="${ink}">${escapeXml(text)}</text>`
  );
}
