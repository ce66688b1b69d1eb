import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { chapterTitles, documentText, excerptOf } from './epub-search.ts';

const chapter = (body: string) =>
  new DOMParser().parseFromString(`<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Judul</title><style>p { color: red }</style></head><body>${body}</body></html>`, 'application/xhtml+xml') as unknown as Document;

describe('documentText', () => {
  test('joins the body’s text, breaking lines between blocks but not inside a paragraph', () => {
    const map = documentText(chapter('<h1>Bab Satu</h1><p>Kelinci <i>pu</i>tih</p><epub-style hidden="">p { color: red }</epub-style><p>berlari</p>'));
    expect(map.text).toBe('Bab Satu\nKelinci putih\nberlari');
    expect(map.nodes.map((node) => node.nodeValue)).toEqual(['Bab Satu', 'Kelinci ', 'pu', 'tih', 'berlari']);
    expect(map.starts).toEqual([0, 9, 17, 19, 23]);
  });

  test('a page without text has none', () => {
    expect(documentText(chapter('<img src="a.png" alt=""/>')).nodes).toEqual([]);
  });
});

describe('excerptOf', () => {
  test('keeps whole words around the match on one line, and marks what was cut', () => {
    const text = 'Kalimat pertama.\nKelinci putih berlari melewati jerapah di taman istana yang sangat luas sekali.';
    const from = text.indexOf('jerapah');
    const excerpt = excerptOf(text, from, from + 7, 20);
    expect(excerpt.match).toBe('jerapah');
    expect(excerpt.before).toBe('…berlari melewati ');
    expect(excerpt.after).toBe(' di taman istana…');
    expect(excerptOf('a jerapah b', 2, 9)).toEqual({ before: 'a ', match: 'jerapah', after: ' b' });
  });
});

describe('chapterTitles', () => {
  test('takes each file’s first contents entry, and the previous chapter’s for a file without one', () => {
    const toc = [
      { title: 'Bab 1', href: 'text/ch1.xhtml', items: [{ title: 'Bagian', href: 'text/ch1.xhtml#b', items: [] }] },
      { title: 'Bab 2', href: 'text/ch%202.xhtml#start', items: [] },
    ];
    expect(chapterTitles(toc, ['text/cover.xhtml', 'text/ch1.xhtml', 'text/ch1-split.xhtml', 'text/ch 2.xhtml'])).toEqual([null, 'Bab 1', 'Bab 1', 'Bab 2']);
  });
});
