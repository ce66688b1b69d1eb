import { describe, expect, test } from 'vitest';
import { inlineCssUrls, splitFontFaces, type EpubFetcher } from './epub.ts';

const css = `@font-face { font-family: "STIX"; font-weight: bold; src: url(../fonts/STIX-Bold.otf); }
body { background: url('../images/paper.png') }
h1 { background: url(data:image/png;base64,AAAA) }`;

describe('splitFontFaces', () => {
  test('takes out the fonts of the book with their descriptors and keeps the rest', () => {
    const { css: rest, fonts } = splitFontFaces(css, 'https://x.id/storage/books/b/epub/OPS/css/style.css');
    expect(fonts).toEqual([{ family: 'STIX', url: 'https://x.id/storage/books/b/epub/OPS/fonts/STIX-Bold.otf', descriptors: { weight: 'bold' } }]);
    expect(rest).not.toContain('@font-face');
    expect(rest).toContain("url('../images/paper.png')");
  });
});

describe('inlineCssUrls', () => {
  test('turns references into the book into data URLs and leaves data URLs alone', async () => {
    const asked: string[] = [];
    const fetcher = { bytes: async (url: string) => (asked.push(url), new Uint8Array([1, 2, 3])) } as unknown as EpubFetcher;
    const out = await inlineCssUrls(css, 'https://x.id/storage/books/b/epub/OPS/css/style.css', fetcher);
    expect(out).toContain('url("data:image/png;base64,AQID")');
    expect(out).toContain('url(data:image/png;base64,AAAA)');
    expect(asked).toEqual(['https://x.id/storage/books/b/epub/OPS/fonts/STIX-Bold.otf', 'https://x.id/storage/books/b/epub/OPS/images/paper.png']);
  });
});
