import { describe, expect, test } from 'vitest';
import { guard } from '../site/routes.ts';
import { isBuiltPage } from '../site/built-pages.ts';
import { assetReferences, bookCacheName, bookOfCache, isSavedBook, webManifest } from './rules.ts';
import { formatBytes } from '../contract/format.ts';

describe('assetReferences', () => {
  test('finds the scripts, styles and imported chunks of a page and of a script', () => {
    const html =
      '<link rel="stylesheet" href="/_astro/BaseLayout.CZinC3Pr.css"><astro-island component-url="/_astro/EpubReader.BopxjhR-.js" renderer-url="/_astro/client.BrDikjgA.js"></astro-island>';
    expect(assetReferences(html).sort()).toEqual(['/_astro/BaseLayout.CZinC3Pr.css', '/_astro/EpubReader.BopxjhR-.js', '/_astro/client.BrDikjgA.js']);
    const script = 'import{a}from"./react.B54jxNxs.js";const m=["_astro/src.CJhJaqC6.js"];import(`./pdf.YwugTw7Y.js`);var w=`/_astro/pdf.worker.min.CIqJB0yW.mjs`;';
    expect(assetReferences(script).sort()).toEqual(['/_astro/pdf.YwugTw7Y.js', '/_astro/pdf.worker.min.CIqJB0yW.mjs', '/_astro/react.B54jxNxs.js', '/_astro/src.CJhJaqC6.js']);
  });

  test('takes a relative name only where it is imported, not a library string that looks like one', () => {
    const script = 'import"./side.A1.js";export{b}from"./re.B2.js";const i={"./qcms_bg.js":{}};o.workerSrc="./pdf.worker.mjs";';
    expect(assetReferences(script).sort()).toEqual(['/_astro/re.B2.js', '/_astro/side.A1.js']);
    expect(assetReferences('@font-face{src:url(./inter.C3.woff2)}')).toEqual(['/_astro/inter.C3.woff2']);
  });

  test('ignores addresses elsewhere and partial names', () => {
    expect(assetReferences('<a href="/read-book?book=1">x</a> https://cdn.example/_astro.js "./notes.txt" "./a.jsx"')).toEqual([]);
  });
});

describe('saved books', () => {
  test('a book has its own bucket, and only book buckets name a book', () => {
    expect(bookOfCache(bookCacheName('b1'))).toBe('b1');
    expect(bookOfCache('epustaka-shell-v1')).toBeNull();
  });

  test('only complete facts count as a saved book', () => {
    expect(isSavedBook({ bookId: 'b', title: 'T', readerUrl: '/read-book?book=b', bytes: 10, author: null, coverUrl: null, savedAt: '' })).toBe(true);
    expect(isSavedBook({ bookId: 'b', title: 'T' })).toBe(false);
    expect(isSavedBook(null)).toBe(false);
  });

  test('sizes read as people say them, in each language', () => {
    expect(formatBytes(850, 'id')).toBe('850 B');
    expect(formatBytes(2_450_000, 'id')).toBe('2,5 MB');
    expect(formatBytes(2_450_000, 'en')).toBe('2.5 MB');
    expect(formatBytes(512_000, 'en')).toBe('512 KB');
  });
});

test('the manifest makes an installable standalone app in the given language', () => {
  const manifest = webManifest('en', { name: 'ePustaka', description: 'Read' });
  expect(manifest).toMatchObject({ lang: 'en', start_url: '/', scope: '/', display: 'standalone', name: 'ePustaka' });
  expect(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true);
  expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
});

test('the offline page opens for everyone, in the public shell when signed out, and is a built page', () => {
  expect(guard('/offline', '', { authenticated: false, verified: false })).toEqual({ kind: 'allow', layout: 'public', whiteBackground: false });
  expect(guard('/offline', '', { authenticated: true, verified: true })).toMatchObject({ kind: 'allow' });
  expect(isBuiltPage('/offline')).toBe(true);
});
