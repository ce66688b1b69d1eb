import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { hasMixedLayout, locationInSection, reportRenderFailures, sectionLayout, sectionLocationRanges, spinePositionOf, svgPageSize } from './epub-content.ts';

const svg = (attributes: string) => new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}/>`, 'image/svg+xml').documentElement as unknown as Element;

describe('svgPageSize', () => {
  test('takes the width and height, else the viewBox, else keeps the proportions of the known side', () => {
    expect(svgPageSize(svg('width="600" height="800"'))).toEqual({ width: 600, height: 800 });
    expect(svgPageSize(svg('width="600px" height="800px" viewBox="0 0 10 10"'))).toEqual({ width: 600, height: 800 });
    expect(svgPageSize(svg('width="100%" height="100%" viewBox="0 0 1200 1600"'))).toEqual({ width: 1200, height: 1600 });
    expect(svgPageSize(svg('width="300" viewBox="0 0 1200 1600"'))).toEqual({ width: 300, height: 400 });
    expect(svgPageSize(svg(''))).toEqual({ width: 1000, height: 1414 });
  });
});

describe('page layouts', () => {
  test('a spine item’s own rendition:layout wins over the book’s', () => {
    expect(sectionLayout(['rendition:layout-pre-paginated'], 'reflowable')).toBe('pre-paginated');
    expect(sectionLayout(['rendition:layout-reflowable', 'page-spread-left'], 'pre-paginated')).toBe('reflowable');
    expect(sectionLayout(['page-spread-left'], 'pre-paginated')).toBe('pre-paginated');
    expect(sectionLayout(undefined, 'reflowable')).toBe('reflowable');
  });

  test('a book is mixed when one page differs from the book', () => {
    const render = () => Promise.resolve('');
    const plain = [{ index: 0, properties: [], render }, { index: 1, properties: ['page-spread-right'], render }];
    expect(hasMixedLayout(plain, 'reflowable')).toBe(false);
    expect(hasMixedLayout([...plain, { index: 2, properties: ['rendition:layout-pre-paginated'], render }], 'reflowable')).toBe(true);
  });
});

describe('locations of pages without text', () => {
  // Chapter 0 has two locations, the picture page (spine 1) one, chapter 2 two.
  const locations = ['epubcfi(/6/2!/4,/2/1:0,/4/1:746)', 'epubcfi(/6/2!/4/6,/1:1,/1:900)', 'epubcfi(/6/4!/4)', 'epubcfi(/6/6!/4,/2/1:0,/4/1:746)', 'epubcfi(/6/6!/4/6,/1:1,/1:20)'];
  const ranges = sectionLocationRanges(locations);

  test('each spine position knows its first and last location', () => {
    expect(spinePositionOf('epubcfi(/6/14[chap]!/4/2)')).toBe(6);
    expect([...ranges]).toEqual([
      [0, [0, 1]],
      [1, [2, 2]],
      [2, [3, 4]],
    ]);
  });

  test('the picture page keeps its own location where epub.js answers the next page’s', () => {
    // epub.js answers where the page's CFI would be inserted: after the picture's own location.
    expect(locationInSection(ranges, 1, 3)).toBe(2);
    expect(locationInSection(ranges, 1, -1)).toBe(2);
    expect(locationInSection(ranges, 2, 4)).toBe(4);
    expect(locationInSection(ranges, 2, 5)).toBe(4);
    expect(locationInSection(new Map(), 0, -1)).toBe(0);
  });
});

describe('reportRenderFailures', () => {
  test('reports a chapter that fails to load and still rejects', async () => {
    const failures: unknown[] = [];
    const broken = { index: 0, render: () => Promise.reject(new Error('404')) };
    const fine = { index: 1, render: () => Promise.resolve('<html/>') };
    reportRenderFailures([broken, fine], (error) => failures.push(error));
    await expect(broken.render()).rejects.toThrow('404');
    await expect(fine.render()).resolves.toBe('<html/>');
    expect(failures).toHaveLength(1);
  });
});
