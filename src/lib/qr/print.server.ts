import QRCode from 'qrcode';
import { graphemeCount, shorten } from '../contract/shorten.ts';

/*
 * Print sheets of a QR code (README "QR codes"): an A4 poster and an A4 sheet of shelf labels,
 * each an SVG document in millimetres. The code itself is drawn from the `qrcode` package's
 * module matrix as one path, so it stays sharp at any print size.
 */

export interface PrintItem {
  /** The address the code opens, printed under it too. */
  url: string;
  title: string;
  subtitle: string | null;
  locationLabel: string | null;
  /** The cover or logo as a `data:` address (the sheet carries it inside itself), or null. */
  coverUrl: string | null;
  /** The product's name, printed small. */
  brand: string;
  /** "Pindai untuk membuka" / "Scan to open". */
  callToAction: string;
}

export const LABELS_PER_SHEET = { columns: 2, rows: 5 } as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

/**
 * Splits `text` into at most `maxLines` lines of about `width` characters (graphemes), the last one
 * cut with "…" (between graphemes: an emoji, a flag or an accented letter stays whole).
 */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (graphemeCount(next) <= width || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines);
  const cut = lines.length > maxLines;
  // Words were dropped after the last kept line: it ends with the ellipsis however short it is.
  return kept.map((l, i) => shorten(l, width, cut && i === maxLines - 1 ? { above: 0 } : {}));
}

/** `text` cut into lines of `width` characters (for addresses, which have no spaces), at most `maxLines`. */
function chunks(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < text.length && lines.length < maxLines; i += width) lines.push(text.slice(i, i + width));
  return lines;
}

/** The code of `text` as an SVG group of `size` mm at (x, y), with its quiet zone inside. */
export function qrGroup(text: string, x: number, y: number, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const unit = size / (count + quiet * 2);
  let d = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return `<g transform="translate(${x} ${y}) scale(${unit.toFixed(5)})"><rect width="${count + quiet * 2}" height="${count + quiet * 2}" fill="#fff"/><path d="${d}" fill="#000" shape-rendering="crispEdges"/></g>`;
}

function textLines(lines: string[], x: number, y: number, lineHeight: number, attrs: string): string {
  return lines.map((line, i) => `<text x="${x}" y="${(y + i * lineHeight).toFixed(2)}" ${attrs}>${escapeXml(line)}</text>`).join('');
}

function svgDocument(body: string, title: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="210mm" height="297mm" viewBox="0 0 210 297" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><rect width="210" height="297" fill="#fff"/>${body}</svg>`;
}

const FONT = 'font-family="Inter, Arial, Helvetica, sans-serif"';

/** An A4 poster: title, cover, a 120 mm code, the address and the location. */
export function posterSvg(item: PrintItem): string {
  const parts: string[] = [];
  parts.push(`<rect x="0" y="0" width="210" height="10" fill="#0f766e"/>`);
  parts.push(textLines(wrapText(item.title, 26, 2), 105, 30, 11, `${FONT} font-size="10" font-weight="700" text-anchor="middle" fill="#111"`));
  let y = 50;
  if (item.subtitle) {
    parts.push(textLines(wrapText(item.subtitle, 50, 1), 105, 50, 6, `${FONT} font-size="5.5" text-anchor="middle" fill="#444"`));
    y = 56;
  }
  if (item.coverUrl) {
    parts.push(`<image href="${escapeXml(item.coverUrl)}" xlink:href="${escapeXml(item.coverUrl)}" x="12" y="${y + 4}" width="36" height="52" preserveAspectRatio="xMidYMid meet"/>`);
  }
  parts.push(qrGroup(item.url, 45, y + 4, 120));
  parts.push(textLines([item.callToAction], 105, y + 136, 8, `${FONT} font-size="8" font-weight="700" text-anchor="middle" fill="#0f766e"`));
  parts.push(textLines([item.url], 105, y + 146, 5, `${FONT} font-size="4.2" text-anchor="middle" fill="#111"`));
  if (item.locationLabel) {
    parts.push(textLines(wrapText(item.locationLabel, 40, 1), 105, y + 158, 7, `${FONT} font-size="7" text-anchor="middle" fill="#111"`));
  }
  parts.push(textLines([item.brand], 105, 287, 5, `${FONT} font-size="5" text-anchor="middle" fill="#0f766e"`));
  return svgDocument(parts.join(''), item.title);
}

/** A sheet of shelf labels (2 × 5 on A4), each with the cover, the title, the code and the address. */
export function labelsSvg(item: PrintItem): string {
  const { columns, rows } = LABELS_PER_SHEET;
  const width = 95;
  const height = 55;
  const left = (210 - columns * width) / 2;
  const top = (297 - rows * height) / 2;
  const parts: string[] = [];
  const title = wrapText(item.title, 22, 3);
  const shortUrl = item.url.replace(/^https?:\/\//, '');
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      const x = left + c * width;
      const y = top + r * height;
      parts.push(`<rect x="${x + 1}" y="${y + 1}" width="${width - 2}" height="${height - 2}" rx="2" fill="#fff" stroke="#999" stroke-width="0.2" stroke-dasharray="1 1"/>`);
      if (item.coverUrl) {
        parts.push(`<image href="${escapeXml(item.coverUrl)}" xlink:href="${escapeXml(item.coverUrl)}" x="${x + 4}" y="${y + 5}" width="17" height="25" preserveAspectRatio="xMidYMid meet"/>`);
      }
      parts.push(textLines(title, x + 4, y + 36, 4.2, `${FONT} font-size="3.6" font-weight="700" fill="#111"`));
      if (item.locationLabel) parts.push(textLines(wrapText(item.locationLabel, 26, 1), x + 4, y + 50, 4, `${FONT} font-size="3" fill="#444"`));
      parts.push(qrGroup(item.url, x + 48, y + 3, 44));
      parts.push(textLines(chunks(shortUrl, 40, 2), x + 70, y + 49.5, 2.6, `${FONT} font-size="2.1" text-anchor="middle" fill="#111"`));
    }
  }
  return svgDocument(parts.join(''), item.title);
}
