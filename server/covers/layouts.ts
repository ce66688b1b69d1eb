import type { CoverPalette } from './palettes.ts';
import type { Motif } from './motifs.ts';
import { r1 } from './random.ts';
import { escapeXml, estimateWidth, layoutTitle, truncateToWidth } from './text.ts';

/*
 * How a generated cover arranges its parts, so that a grid of them can be told apart at a glance:
 * where the title sits and how it is set, where the ornament shows, where the category goes.
 * Every layout keeps the top left corner quiet and prints the category away from the top, so
 * nothing the catalogue lays over a cover collides with it.
 */

export interface CoverParts {
  id: string;
  palette: CoverPalette;
  motif: Motif;
  title: string;
  author: string;
  category: string;
}

export type CoverLayout = (parts: CoverParts) => string[];

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = 'Helvetica, Arial, sans-serif';

/** The title's lines as <tspan>s at `x`, first baseline at `first`. */
function titleText(lines: string[], x: number, first: number, lineHeight: number, attrs: string): string {
  const tspans = lines.map((line, i) => `<tspan x="${x}" y="${r1(first + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('');
  return `<text class="cover-title" ${attrs}>${tspans}</text>`;
}

function authorText(author: string, x: number, y: number, anchor: 'middle' | 'start', ink: string, width: number): string {
  if (!author) return '';
  const size = estimateWidth(author, 20) <= width ? 20 : 17;
  const text = truncateToWidth(author, size, width);
  return `<text class="cover-author" x="${x}" y="${y}" text-anchor="${anchor}" font-family="${SANS}" font-size="${size}" letter-spacing=".6" fill="${ink}">${escapeXml(text)}</text>`;
}

/** The category as a pill centred at `y` (its text's baseline is inside it). */
function categoryPill(category: string, y: number, fill: string, ink: string): string {
  if (!category) return '';
  const size = 12;
  const spacing = 2.4;
  const text = truncateToWidth(category.toUpperCase(), size, 240);
  const width = r1(estimateWidth(text, size) + spacing * [...text].length + 28);
  return (
    `<rect class="cover-category-pill" x="${r1(200 - width / 2)}" y="${y - 13}" width="${width}" height="26" rx="13" fill="${fill}"/>` +
    `<text class="cover-category" x="200" y="${r1(y + 4.5)}" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" letter-spacing="${spacing}" fill="${ink}">${escapeXml(text)}</text>`
  );
}

/** The category as a small spaced line of capitals. */
function categoryLine(category: string, x: number, y: number, anchor: 'middle' | 'start', fill: string, width: number): string {
  if (!category) return '';
  const text = truncateToWidth(category.toUpperCase(), 12, width);
  return `<text class="cover-category" x="${x}" y="${y}" text-anchor="${anchor}" font-family="${SANS}" font-size="12" font-weight="700" letter-spacing="2.4" fill="${fill}">${escapeXml(text)}</text>`;
}

/** A framed panel in the middle with the title centred in serif; the category under it. */
const panel: CoverLayout = ({ id, palette: c, motif, title, author, category }) => {
  const { size, lines } = layoutTitle(title, 300);
  const lineHeight = r1(size * 1.18);
  const first = r1(300 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35);
  const barY = r1(first + (lines.length - 1) * lineHeight + 26);
  return [
    `<rect width="400" height="600" fill="url(#${id}-bg)"/>`,
    motif.body,
    `<rect x="40" y="110" width="320" height="380" rx="6" fill="${c.bg2}" opacity=".72"/>`,
    `<rect x="16" y="16" width="368" height="568" rx="4" fill="none" stroke="${c.accent}" stroke-opacity=".6" stroke-width="1.5"/>`,
    `<rect width="22" height="600" fill="url(#${id}-spine)"/>`,
    lines.length ? titleText(lines, 200, first, lineHeight, `text-anchor="middle" font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${c.ink}"`) : '',
    lines.length ? `<rect x="172" y="${barY}" width="56" height="4" rx="2" fill="${c.accent}"/>` : '',
    categoryPill(category, 462, c.accent, c.bg2),
    author ? `<path d="M200 512l6 6-6 6-6-6z" fill="${c.accent}"/>` : '',
    authorText(author, 200, 554, 'middle', c.ink, 300),
  ];
};

/** The ornament above, a solid band below with the title set left in bold sans. */
const band: CoverLayout = ({ id, palette: c, motif, title, author, category }) => {
  const { size, lines } = layoutTitle(title, 310);
  const lineHeight = r1(size * 1.12);
  const top = category ? 392 : 372;
  return [
    `<defs><clipPath id="${id}-upper"><rect width="400" height="330"/></clipPath></defs>`,
    `<rect width="400" height="600" fill="url(#${id}-bg)"/>`,
    `<g clip-path="url(#${id}-upper)">${motif.body}</g>`,
    `<rect y="330" width="400" height="270" fill="${c.bg2}"/>`,
    `<rect x="45" y="322" width="90" height="16" fill="${c.accent}"/>`,
    `<rect width="22" height="600" fill="url(#${id}-spine)"/>`,
    categoryLine(category, 45, 372, 'start', c.accent, 310),
    lines.length ? titleText(lines, 45, r1(top + size * 0.8), lineHeight, `font-family="${SANS}" font-size="${size}" font-weight="800" fill="${c.ink}"`) : '',
    authorText(author, 45, 566, 'start', c.ink, 310),
  ];
};

/** A flat colour, the title high up in italic serif, the ornament in a round medallion below. */
const medallion: CoverLayout = ({ id, palette: c, motif, title, author, category }) => {
  const { size, lines } = layoutTitle(title, 300);
  const lineHeight = r1(size * 1.15);
  const first = r1(92 + size * 0.8);
  const ruleY = r1(first + (lines.length - 1) * lineHeight + 24);
  const cy = Math.max(400, r1(ruleY + 150));
  const radius = Math.min(110, 510 - cy);
  return [
    `<defs><clipPath id="${id}-round"><circle cx="200" cy="${cy}" r="${radius}"/></clipPath></defs>`,
    `<rect width="400" height="600" fill="${c.bg1}"/>`,
    `<circle cx="200" cy="${cy}" r="${radius}" fill="${c.bg2}"/>`,
    `<g clip-path="url(#${id}-round)">${motif.body.replace(/opacity="\.\d+"/, 'opacity=".6"')}</g>`,
    `<circle cx="200" cy="${cy}" r="${r1(radius + 8)}" fill="none" stroke="${c.accent}" stroke-width="2"/>`,
    `<rect width="22" height="600" fill="url(#${id}-spine)"/>`,
    lines.length ? titleText(lines, 200, first, lineHeight, `text-anchor="middle" font-family="${SERIF}" font-size="${size}" font-style="italic" font-weight="700" fill="${c.ink}"`) : '',
    lines.length ? `<rect x="140" y="${ruleY}" width="120" height="2" fill="${c.accent}"/>` : '',
    categoryLine(category, 200, 532, 'middle', c.accent, 300),
    authorText(author, 200, 566, 'middle', c.ink, 300),
  ];
};

export const layouts = { panel, band, medallion } as const satisfies Record<string, CoverLayout>;
export type CoverLayoutName = keyof typeof layouts;
export const LAYOUT_NAMES = Object.keys(layouts) as CoverLayoutName[];
