import { describe, expect, test } from 'vitest';
import { coverSvg } from './covers.ts';
import { escapeXml, estimateWidth, layoutTitle, MAX_TITLE_LINES, wrapWords } from './text.ts';
import { authors, books, categories } from '../seed/content/index.ts';

const base = { title: 'Gerimis di Kota Kembang', author: 'Euis Nurjanah Suryadi', category: 'Fiksi', seed: 'buku-1' };

/** Checks that start and end tags pair up; attribute values never hold raw `<` or `>` here. */
function tagsBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^<>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name!);
    }
  }
  return stack.length === 0 && !/<(?![a-zA-Z/])/.test(svg);
}

function firstStopColour(svg: string): string {
  return /stop-color="(#[0-9a-f]{6})"/.exec(svg)![1]!;
}

function titleLines(svg: string): string[] {
  const text = /<text class="cover-title"[^>]*>(.*?)<\/text>/.exec(svg)![1]!;
  return [...text.matchAll(/<tspan [^>]*>(.*?)<\/tspan>/g)].map((m) => m[1]!);
}

function titleSize(svg: string): number {
  return Number(/<text class="cover-title"[^>]*font-size="(\d+)"/.exec(svg)![1]);
}

describe('coverSvg', () => {
  test('produces a complete 400×600 SVG document with balanced tags', () => {
    const svg = coverSvg(base);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('viewBox="0 0 400 600"');
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="600"');
    expect(tagsBalanced(svg)).toBe(true);
  });

  test('the balance check itself rejects broken markup', () => {
    expect(tagsBalanced('<svg><text>a</svg>')).toBe(false);
    expect(tagsBalanced('<svg><text>a < b</text></svg>')).toBe(false);
  });

  test('shows title, author and category', () => {
    const svg = coverSvg(base);
    expect(titleLines(svg).join(' ')).toBe(base.title);
    expect(svg).toContain('>Euis Nurjanah Suryadi</text>');
    expect(svg).toContain('>FIKSI</text>');
  });

  test('leaves the category label out when there is none', () => {
    const svg = coverSvg({ ...base, category: undefined });
    expect(svg).not.toContain('FIKSI');
    expect(svg).not.toContain('cover-category');
  });

  test('escapes markup and quotes in every text', () => {
    const svg = coverSvg({
      title: '<script>alert(1)</script> & "Kopi" \'Teh\'',
      author: 'A <b>& B',
      category: 'Seni & Budaya',
      seed: 'x',
    });
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp; &quot;Kopi&quot; &apos;Teh&apos;');
    expect(svg).toContain('A &lt;b&gt;&amp; B');
    expect(svg).toContain('SENI &amp; BUDAYA');
    expect(tagsBalanced(svg)).toBe(true);
  });

  test('references nothing outside the document', () => {
    const svg = coverSvg(base);
    expect(svg.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\//);
    expect(svg).not.toMatch(/href=/);
    for (const [, target] of svg.matchAll(/url\(([^)]*)\)/g)) expect(target).toMatch(/^#/);
  });

  test('is deterministic', () => {
    expect(coverSvg(base)).toBe(coverSvg({ ...base }));
  });

  test('covers come in several layouts, type faces and ornaments, so a grid of them varies', () => {
    const svgs = Array.from({ length: 60 }, (_, i) => coverSvg({ ...base, seed: `buku-${i}` }));
    const layoutsSeen = new Set(svgs.map((svg) => /data-layout="(\w+)"/.exec(svg)![1]));
    expect([...layoutsSeen].sort()).toEqual(['band', 'medallion', 'panel']);
    const faces = new Set(
      svgs.map((svg) => {
        const tag = /<text class="cover-title"[^>]*>/.exec(svg)![0];
        return [/font-family="([^"]+)"/, /font-style="(\w+)"/, /font-weight="(\d+)"/].map((re) => re.exec(tag)?.[1] ?? '').join(' ');
      }),
    );
    expect(faces.size).toBeGreaterThanOrEqual(3);
  });

  test('nothing is printed in the top left corner, where the catalogue may lay a badge', () => {
    for (let i = 0; i < 60; i++) {
      const svg = coverSvg({ ...base, seed: `buku-${i}` });
      for (const [, y] of svg.matchAll(/<(?:text|tspan)[^>]* y="([\d.]+)"/g)) expect(Number(y), `buku-${i}`).toBeGreaterThan(110);
      const pill = /class="cover-category-pill" x="[\d.]+" y="([\d.]+)"/.exec(svg);
      if (pill) expect(Number(pill[1])).toBeGreaterThan(110);
    }
  });

  test('different seeds give different palettes and ornaments', () => {
    const svgs = Array.from({ length: 40 }, (_, i) => coverSvg({ ...base, seed: `buku-${i}` }));
    expect(new Set(svgs.map(firstStopColour)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(svgs).size).toBe(40);
    expect(firstStopColour(coverSvg({ ...base, seed: 'a' }))).not.toBe(firstStopColour(coverSvg({ ...base, seed: 'c' })));
  });

  test('long titles shrink, wrap to at most five lines and end with an ellipsis', () => {
    const title = Array.from({ length: 30 }, (_, i) => `Kata${i}`).join(' ');
    const lines = titleLines(coverSvg({ ...base, title }));
    expect(lines).toHaveLength(MAX_TITLE_LINES);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
    expect(titleSize(coverSvg({ ...base, title }))).toBeLessThan(titleSize(coverSvg(base)));
  });

  test('a long author name is shortened to fit', () => {
    const author = 'Cokorda Istri Rai Sudewi dan Andi Muhammad Arfah Pawellangi bersama Tim Penyusun';
    const svg = coverSvg({ ...base, author });
    const shown = /<text class="cover-author"[^>]*>(.*?)<\/text>/.exec(svg)![1]!;
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThan(author.length);
  });

  test('every demo book gets a cover whose title fits', () => {
    const authorName = new Map(authors.map((a) => [a.key, a.name]));
    const categoryName = new Map(categories.map((c) => [c.key, c.name_id]));
    for (const b of books) {
      const svg = coverSvg({ title: b.title, author: authorName.get(b.author)!, category: categoryName.get(b.category), seed: b.key });
      expect(tagsBalanced(svg), b.key).toBe(true);
      const lines = titleLines(svg);
      expect(lines.length, b.key).toBeGreaterThan(0);
      expect(lines.length, b.key).toBeLessThanOrEqual(MAX_TITLE_LINES);
      // Lines broken after a hyphen or dash rejoin without the space.
      expect(lines.join(' ').replace(/([-–/]) /g, '$1'), b.key).toBe(escapeXml(b.title));
    }
  });
});

describe('title layout', () => {
  test('every line fits the width at the chosen size', () => {
    for (const b of books) {
      const { size, lines } = layoutTitle(b.title, 300);
      for (const line of lines) expect(estimateWidth(line, size, 'serif-bold'), `${b.key}: ${line}`).toBeLessThanOrEqual(300);
    }
  });

  test('short titles get bigger type than long ones', () => {
    expect(layoutTitle('Gong', 300).size).toBeGreaterThan(layoutTitle('Pendidikan Agama Kristen dan Budi Pekerti Kelas X', 300).size);
  });

  test('hyphenated words break at their hyphen before being cut', () => {
    const lines = wrapWords('Burung-Burung', 46, 300, 'serif-bold');
    expect(lines).toEqual(['Burung-', 'Burung']);
  });

  test('an overlong word is cut only at the smallest size, and a short result is not ellipsized', () => {
    const { size, lines } = layoutTitle('Pneumonoultramikroskopiksilikovulkanokoniosis', 300);
    expect(size).toBe(25);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(MAX_TITLE_LINES);
    expect(lines.join('')).not.toContain('…');
  });

  test('a single overlong word is cut into hyphenated pieces that fit', () => {
    const lines = wrapWords('Kesejahteraanmasyarakatnusantara', 40, 200, 'serif-bold');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('').replaceAll('-', '')).toBe('Kesejahteraanmasyarakatnusantara');
    for (const line of lines) expect(estimateWidth(line, 40, 'serif-bold')).toBeLessThanOrEqual(200);
  });
});
