/**
 * A small writer of text PDFs: pages of Helvetica (one of the fonts every PDF reader has, so no
 * font is embedded), an optional full-page JPEG cover, an outline and document info. Text is real
 * text: pdf.js lays its text layer over it, so it can be searched and read aloud.
 */

/** One chapter: it starts on a new page and gets an outline entry (its sections nested under it). */
export interface PdfChapter {
  title: string;
  paragraphs: string[];
  /** Sections: a heading inside the chapter, each with its own nested outline entry. */
  sections?: { title: string; paragraphs: string[] }[];
}

/** What a text PDF holds. */
export interface TextPdf {
  title: string;
  author: string;
  /** Becomes the document's Subject (the catalogue's description when the ingest is given none). */
  subject?: string;
  /** Printed under the title on the title page. */
  subtitle?: string;
  /** A JPEG drawn over the whole of page 1, before the title page. */
  cover?: { jpeg: Uint8Array; width: number; height: number };
  chapters: PdfChapter[];
  /** Page size in points; A5 when absent. */
  page?: { width: number; height: number };
  /** Label of the first outline entry pointing at the cover or title page. */
  coverLabel?: string;
}

/** A stream or plain object of a PDF, numbered from 1 in the order given. */
export interface PdfObject {
  dict: string;
  stream?: Uint8Array;
}

/** Turns whole objects into a PDF file; `transform` may rewrite each stream (encryption). */
export function serializePdf(
  objects: PdfObject[],
  trailer: { root: number; info?: number; extra?: string },
  transform?: (objectNumber: number, data: Uint8Array) => Uint8Array,
): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.6\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, i) => {
    offsets.push(length);
    const head = `${i + 1} 0 obj\n`;
    let chunk: Buffer;
    if (object.stream) {
      const data = transform ? transform(i + 1, object.stream) : object.stream;
      chunk = Buffer.concat([Buffer.from(`${head}<< ${object.dict} /Length ${data.length} >>\nstream\n`, 'latin1'), Buffer.from(data), Buffer.from('\nendstream\nendobj\n')]);
    } else {
      chunk = Buffer.from(`${head}${object.dict}\nendobj\n`, 'latin1');
    }
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  const info = trailer.info ? ` /Info ${trailer.info} 0 R` : '';
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${trailer.root} 0 R${info}${trailer.extra ?? ''} >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A text string of the document (titles, info) as UTF-16BE, which every reader decodes. */
export function pdfTextString(text: string): string {
  const bytes = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${bytes.toString('hex').toUpperCase()}>`;
}

// Characters outside Latin-1 that Windows' code page (the font's encoding) has.
const WIN_ANSI: Record<string, number> = { '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '…': 0x85, '•': 0x95 };
// Helvetica's advance widths (per 1000 units) for the printable ASCII characters, from its metrics.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD_FACTOR = 1.08;

function charWidth(code: number): number {
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32]!;
  if (code === 0x97 || code === 0x85) return 1000;
  if (code >= 0x91 && code <= 0x94) return 333;
  return 556;
}

/** The text in the font's single-byte encoding; characters it lacks become `?`. */
function encode(text: string): number[] {
  return [...text].map((ch) => WIN_ANSI[ch] ?? (ch.charCodeAt(0) <= 0xff ? ch.charCodeAt(0) : 0x3f));
}

function widthOf(text: string, size: number, bold: boolean): number {
  return (encode(text).reduce((sum, code) => sum + charWidth(code), 0) * size * (bold ? BOLD_FACTOR : 1)) / 1000;
}

/** A literal string of a content stream, escaped. */
function literal(text: string): string {
  return `(${encode(text)
    .map((code) => (code === 0x28 || code === 0x29 || code === 0x5c ? `\\${String.fromCharCode(code)}` : code > 126 ? `\\${code.toString(8)}` : String.fromCharCode(code)))
    .join('')})`;
}

/** Words to lines no wider than `width`. */
function wrap(text: string, size: number, width: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(next, size, bold) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Run {
  text: string;
  size: number;
  bold: boolean;
  /** Space above, in points. */
  before: number;
  center?: boolean;
}

interface LaidPage {
  runs: { text: string; size: number; bold: boolean; x: number; y: number }[];
  /** Outline entries that start on this page: [depth, title]. */
  marks: [number, string][];
}

const BODY = 11;
const LEADING = 1.45;

/** Lays the title page and chapters out on pages; each chapter starts a page. */
function layout(book: TextPdf, size: { width: number; height: number }): LaidPage[] {
  const margin = 54;
  const width = size.width - margin * 2;
  const pages: LaidPage[] = [];
  const titlePage: Run[] = [
    { text: book.title, size: 22, bold: true, before: size.height * 0.25, center: true },
    ...(book.subtitle ? [{ text: book.subtitle, size: 13, bold: false, before: 14, center: true }] : []),
    { text: book.author, size: 13, bold: false, before: 28, center: true },
  ];
  const place = (runs: Run[], marks: [number, string][]) => {
    let page: LaidPage = { runs: [], marks };
    let y = size.height - margin;
    for (const run of runs) {
      const lines = wrap(run.text, run.size, width, run.bold);
      lines.forEach((text, i) => {
        const step = (i === 0 ? run.before : 0) + run.size * LEADING;
        if (y - step < margin + 24) {
          pages.push(page);
          page = { runs: [], marks: [] };
          y = size.height - margin;
        }
        y -= step;
        const x = run.center ? (size.width - widthOf(text, run.size, run.bold)) / 2 : margin;
        page.runs.push({ text, size: run.size, bold: run.bold, x, y });
      });
    }
    pages.push(page);
  };
  place(titlePage, [[0, book.coverLabel && !book.cover ? book.coverLabel : book.title]]);
  for (const chapter of book.chapters) {
    const runs: Run[] = [{ text: chapter.title, size: 16, bold: true, before: 0 }];
    for (const p of chapter.paragraphs) runs.push({ text: p, size: BODY, bold: false, before: 6 });
    const first = pages.length;
    const sectionStarts: { title: string; runIndex: number }[] = [];
    for (const section of chapter.sections ?? []) {
      sectionStarts.push({ title: section.title, runIndex: runs.length });
      runs.push({ text: section.title, size: 13, bold: true, before: 14 });
      for (const p of section.paragraphs) runs.push({ text: p, size: BODY, bold: false, before: 6 });
    }
    place(runs, [[0, chapter.title]]);
    // Sections are marked on the page their heading landed on.
    for (const start of sectionStarts) {
      const heading = wrap(start.title, 13, width, true)[0];
      const page = pages.slice(first).find((p) => p.runs.some((r) => r.bold && r.size === 13 && r.text === heading)) ?? pages[first]!;
      page.marks.push([1, start.title]);
    }
  }
  return pages;
}

/** Writes a text PDF: pages, page numbers, outline and info. */
export function buildTextPdf(book: TextPdf, options: { transform?: (n: number, d: Uint8Array) => Uint8Array; encrypt?: string; info?: boolean } = {}): Uint8Array {
  const size = book.page ?? { width: 419.53, height: 595.28 };
  const laid = layout(book, size);
  if (book.cover) laid.unshift({ runs: [], marks: [[0, book.coverLabel ?? book.title]] });
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info, 6 cover image; then per page: page, content.
  const objects: PdfObject[] = [];
  const firstPage = 7;
  const pageRefs = laid.map((_, i) => `${firstPage + i * 2} 0 R`);
  const outline = options.info === false ? [] : outlineObjects(laid, firstPage, firstPage + laid.length * 2);
  objects.push({ dict: `<< /Type /Catalog /Pages 2 0 R${outline.length ? ` /Outlines ${firstPage + laid.length * 2} 0 R /PageMode /UseOutlines` : ''} >>` });
  objects.push({ dict: `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${laid.length} >>` });
  objects.push({ dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' });
  objects.push({ dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>' });
  objects.push({
    dict: options.info === false
      ? '<< >>'
      : `<< /Title ${pdfTextString(book.title)} /Author ${pdfTextString(book.author)}${book.subject ? ` /Subject ${pdfTextString(book.subject)}` : ''} /Producer ${pdfTextString('ePustaka')} >>`,
  });
  const cover = book.cover;
  objects.push(
    cover
      ? { dict: `/Type /XObject /Subtype /Image /Width ${cover.width} /Height ${cover.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`, stream: cover.jpeg }
      : { dict: '<< >>' },
  );
  laid.forEach((page, i) => {
    const content = cover && i === 0 ? `q ${size.width} 0 0 ${size.height} 0 0 cm /Cover Do Q` : pageContent(page, i + 1, size);
    const resources = cover && i === 0 ? '<< /XObject << /Cover 6 0 R >> >>' : '<< /Font << /F1 3 0 R /F2 4 0 R >> >>';
    objects.push({ dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources ${resources} /Contents ${firstPage + i * 2 + 1} 0 R >>` });
    objects.push({ dict: '', stream: Buffer.from(content, 'latin1') });
  });
  objects.push(...outline);
  return serializePdf(objects, { root: 1, info: options.info === false ? undefined : 5, extra: options.encrypt }, options.transform);
}

function pageContent(page: LaidPage, number: number, size: { width: number; height: number }): string {
  const lines = page.runs.map((r) => `BT /${r.bold ? 'F2' : 'F1'} ${r.size} Tf ${r.x.toFixed(2)} ${r.y.toFixed(2)} Td ${literal(r.text)} Tj ET`);
  const label = String(number);
  lines.push(`BT /F1 9 Tf ${((size.width - widthOf(label, 9, false)) / 2).toFixed(2)} 30 Td ${literal(label)} Tj ET`);
  return lines.join('\n');
}

/** The outline: top-level entries with their nested sections, each pointing at its page. */
function outlineObjects(pages: LaidPage[], firstPage: number, rootNumber: number): PdfObject[] {
  const tops: { title: string; page: number; children: { title: string; page: number }[] }[] = [];
  pages.forEach((page, index) => {
    for (const [depth, title] of page.marks) {
      if (depth === 0) tops.push({ title, page: index, children: [] });
      else tops.at(-1)?.children.push({ title, page: index });
    }
  });
  if (tops.length === 0) return [];
  const objects: PdfObject[] = [];
  let next = rootNumber + 1;
  const numbers = tops.map((top) => {
    const own = next;
    next += 1 + top.children.length;
    return { own, children: top.children.map((_, i) => own + 1 + i) };
  });
  const dest = (page: number) => `/Dest [${firstPage + page * 2} 0 R /XYZ null null null]`;
  objects.push({ dict: `<< /Type /Outlines /First ${numbers[0]!.own} 0 R /Last ${numbers.at(-1)!.own} 0 R /Count ${tops.length} >>` });
  tops.forEach((top, i) => {
    const n = numbers[i]!;
    const siblings = `${i > 0 ? ` /Prev ${numbers[i - 1]!.own} 0 R` : ''}${i < tops.length - 1 ? ` /Next ${numbers[i + 1]!.own} 0 R` : ''}`;
    const kids = n.children.length ? ` /First ${n.children[0]} 0 R /Last ${n.children.at(-1)} 0 R /Count -${n.children.length}` : '';
    objects.push({ dict: `<< /Title ${pdfTextString(top.title)} /Parent ${rootNumber} 0 R${siblings}${kids} ${dest(top.page)} >>` });
    top.children.forEach((child, j) => {
      const links = `${j > 0 ? ` /Prev ${n.children[j - 1]} 0 R` : ''}${j < n.children.length - 1 ? ` /Next ${n.children[j + 1]} 0 R` : ''}`;
      objects.push({ dict: `<< /Title ${pdfTextString(child.title)} /Parent ${n.own} 0 R${links} ${dest(child.page)} >>` });
    });
  });
  return objects;
}
