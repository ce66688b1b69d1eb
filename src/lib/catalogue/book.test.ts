import { describe, expect, test } from 'vitest';
import type { BookDetail, PublicBookDetail } from './schema.ts';
import {
  activeFilterCount,
  afterBorrow,
  bookFilter,
  detailButtonInput,
  bookListParams,
  bookQueryString,
  parseBookQuery,
  readerHref,
  genericReaderHref,
  isGenericEntry,
  readRequestBookId,
  sortOptions,
  withoutFilters,
  yearOptions,
} from './book.ts';
import { bookJsonLd, bookPageUrls, jsonForScript, pageLangParam } from '../seo/book-page.ts';
import { shareLinks } from '../site/share-links.ts';
import { bookUrlsetXml, latest, robotsTxt, sitemapIndexXml, sitemapPageCount, sitemapPageOf, sitemapPagePath } from '../seo/sitemap.ts';

const CAT = '3f2b8a1e-0c4d-4e5f-8a9b-0c1d2e3f4a5b';
const NOW = new Date('2026-06-01T00:00:00Z');

describe('book list query', () => {
  test('reads filters and sort from the URL', () => {
    const query = parseBookQuery(new URLSearchParams(`category=${CAT}&author=Tere%20Liye&year=2019&entry=1&public=true&sort=az&q=%20laut%20`), NOW);
    expect(query).toEqual({ view: 'list', sort: 'az', category: CAT, author: 'Tere Liye', year: 2019, entry: true, collectionPublic: true, q: 'laut' });
  });

  test('leaves out what is invalid', () => {
    const query = parseBookQuery(new URLSearchParams('category=nope&year=1949&sort=popular&author=%20%20'), NOW);
    expect(query).toEqual({ view: 'list', sort: 'latest', category: null, author: null, year: null, entry: false, collectionPublic: false, q: null });
    expect(parseBookQuery(new URLSearchParams('year=2027'), NOW).year).toBeNull();
    expect(parseBookQuery(new URLSearchParams('year=2026'), NOW).year).toBe(2026);
  });

  test('recommendations default to the most borrowed', () => {
    expect(sortOptions('recommendation')[0]).toBe('popular');
    expect(parseBookQuery(new URLSearchParams('view=recommendation'), NOW).sort).toBe('popular');
    expect(bookListParams(parseBookQuery(new URLSearchParams('view=recommendation'), NOW)).sort).toBe('popular');
  });

  test('writes the URL back without defaults, and round-trips', () => {
    const query = parseBookQuery(new URLSearchParams(`year=2019&category=${CAT}&sort=za`), NOW);
    const search = bookQueryString(query);
    expect(search).toBe(`?category=${CAT}&year=2019&sort=za`);
    expect(parseBookQuery(new URLSearchParams(search), NOW)).toEqual(query);
    expect(bookQueryString(parseBookQuery(new URLSearchParams(''), NOW))).toBe('');
    expect(bookQueryString(parseBookQuery(new URLSearchParams('view=recommendation&sort=latest'), NOW))).toBe('?view=recommendation&sort=latest');
  });

  test('turns into the API filter and sort', () => {
    const query = parseBookQuery(new URLSearchParams(`category=${CAT}&author=Ana&year=2019&entry=1&public=1&sort=az`), NOW);
    expect(bookListParams(query)).toEqual({
      sort: 'catalog_title',
      filter: { category_id: CAT, author_name: { eq: 'Ana' }, catalog_publish_date: 2019, entry: true, collectionpublic: true },
    });
    expect(bookListParams({ ...query, sort: 'za' }).sort).toBe('-catalog_title');
    expect(bookListParams(withoutFilters(query))).toEqual({ sort: 'catalog_title' });
    expect(bookFilter(withoutFilters(query))).toBeUndefined();
    expect(activeFilterCount(query)).toBe(5);
    expect(activeFilterCount(withoutFilters(query))).toBe(0);
  });

  test('offers the years from now down to 1950', () => {
    const years = yearOptions(NOW);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
    expect(years).toHaveLength(77);
  });
});

const detail: BookDetail = {
  id: 'b1', book_id: 'b1', book_title: 'Judul', book_author: 'Penulis', author_name: 'Penulis', book_description: null, cover_url: null,
  avg_rating: null, rating_count: 0, file_ext: 'pdf', file_size_info: '1 MB', file_size: 1_000_000, using_drm: true, all_qty: 5, available_qty: 3,
  all_user_borrow_count: 2, publish_date: '2019-01-01', book_isbn: null, publisher: null, language: 'id', pages: null, category_id: null,
  category_name: null, catalog_info: { organization_name: null }, share_url: '/book/b1', queue_count: 0, active_borrow_count: 1,
  review_count: 0, related_books: [], user_rating: null, has_borrow: false, has_borrow_before: false, queue_position: null, queue_offer: null, web_readable: true,
  epustaka: { id: 'e1', epustaka_name: 'E', epustaka_logo: null, epustaka_isprivate: false, has_join: true, member_status: 1, available_qty: 2 },
  holdings: [
    { id: 'e1', epustaka_name: 'E', epustaka_logo: null, epustaka_isprivate: false, has_join: true, member_status: 1, available_qty: 2, total_qty: 3, queue_count: 0 },
    { id: 'e2', epustaka_name: 'F', epustaka_logo: null, epustaka_isprivate: false, has_join: false, member_status: null, available_qty: 2, total_qty: 2, queue_count: 0 },
  ],
};

describe('afterBorrow', () => {
  test('counts the loan and takes a DRM copy', () => {
    const after = afterBorrow(detail, 'e1');
    expect(after).toMatchObject({ has_borrow: true, has_borrow_before: true, active_borrow_count: 2, all_user_borrow_count: 3, available_qty: 2 });
    expect(after.epustaka?.available_qty).toBe(1);
  });

  test('an open book keeps its copies; a returning reader is not counted twice', () => {
    const after = afterBorrow({ ...detail, using_drm: false, all_qty: 0, available_qty: 0, has_borrow_before: true }, 'e1');
    expect(after).toMatchObject({ active_borrow_count: 2, all_user_borrow_count: 2, available_qty: 0 });
  });

  test('another ePustaka leaves the shown one as it was; a second call changes nothing', () => {
    const after = afterBorrow(detail, 'e2');
    expect(after.epustaka?.available_qty).toBe(2);
    expect(after.available_qty).toBe(3);
    // The library lent from takes the copy and now counts the caller as a member.
    expect(after.holdings.map((h) => [h.id, h.available_qty, h.member_status])).toEqual([['e1', 2, 1], ['e2', 1, 1]]);
    expect(afterBorrow(after, 'e2')).toBe(after);
  });
});

describe('detailButtonInput', () => {
  test("reads the book's own ePustaka and the caller's place", () => {
    expect(detailButtonInput({ ...detail, queue_position: 2 })).toEqual({
      has_join: true, member_status: 1, epustaka_isprivate: false, using_drm: true, available_qty: 2, all_qty: 5, has_borrow: false, queued: true,
    });
  });

  test('a book no ePustaka holds counts as not joined', () => {
    expect(detailButtonInput({ ...detail, epustaka: null })).toMatchObject({ has_join: false, member_status: null, available_qty: 3, queued: false });
  });
});

describe('links', () => {
  test('open the reader that fits the file', () => {
    expect(readerHref({ id: 'b1', file_ext: 'pdf' })).toBe('/read-book?book=b1');
    expect(readerHref({ id: 'b1', file_ext: 'EPUB' })).toBe('/read-book-epub?book=b1');
    expect(readerHref({ id: 'b1', file_ext: null })).toBe('/read-book?book=b1');
    // /read marks its target as the generic entry; a book's own links carry no mark.
    expect(genericReaderHref({ id: 'b1', file_ext: 'epub' })).toBe('/read-book-epub?book=b1&from=read');
    expect(isGenericEntry(new URL('http://x/read-book?book=b1&from=read').searchParams)).toBe(true);
    expect(isGenericEntry(new URL(`http://x${readerHref({ id: 'b1', file_ext: 'pdf' })}`).searchParams)).toBe(false);
  });

  test('/read names its book with book, book_id or id; anything else names none', () => {
    const id = '3F2B8A1E-0C4D-4E5F-8A9B-0C1D2E3F4A5B';
    expect(readRequestBookId(new URLSearchParams({ book: id }))).toBe(id.toLowerCase());
    expect(readRequestBookId(new URLSearchParams({ book_id: id }))).toBe(id.toLowerCase());
    expect(readRequestBookId(new URLSearchParams({ book: 'x', id }))).toBe(id.toLowerCase());
    expect(readRequestBookId(new URLSearchParams())).toBeNull();
    expect(readRequestBookId(new URLSearchParams({ book: 'undefined' }))).toBeNull();
  });

  test('share to the four services', () => {
    const links = shareLinks('https://x.id/book/1', 'Judul & Penulis');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.id%2Fbook%2F1');
    expect(links.twitter).toContain('text=Judul%20%26%20Penulis');
    expect(links.telegram).toContain('url=https%3A%2F%2Fx.id%2Fbook%2F1');
    expect(links.whatsapp).toBe('https://wa.me/?text=Judul%20%26%20Penulis%20https%3A%2F%2Fx.id%2Fbook%2F1');
  });
});

describe('public page', () => {
  test('Indonesian at the plain address, English at ?lang=en', () => {
    const urls = bookPageUrls('https://x.id', 'b1');
    expect(urls).toMatchObject({ id: 'https://x.id/book/b1', en: 'https://x.id/book/b1?lang=en', xDefault: 'https://x.id/book/b1' });
    expect(urls.canonical('en')).toBe('https://x.id/book/b1?lang=en');
    expect(urls.canonical('id')).toBe('https://x.id/book/b1');
    expect(pageLangParam(new URLSearchParams('lang=en'))).toBe('en');
    expect(pageLangParam(new URLSearchParams('lang=fr'))).toBeNull();
  });

  const page = { url: 'https://x.id/book/b1', image: 'https://x.id/c.svg', description: 'Desc', organization: 'ePustaka' };

  test('describes the book for search engines', () => {
    const data = bookJsonLd({ ...detail, avg_rating: 4.3, rating_count: 2, book_isbn: '978', publisher: 'Pen' } satisfies PublicBookDetail, page);
    expect(data).toMatchObject({
      '@type': 'Book',
      name: 'Judul',
      author: { '@type': 'Person', name: 'Penulis' },
      isbn: '978',
      publisher: { '@type': 'Organization', name: 'Pen' },
      datePublished: '2019-01-01',
      inLanguage: 'id',
      image: 'https://x.id/c.svg',
      aggregateRating: { ratingValue: 4.3, ratingCount: 2 },
      offers: { price: 0, availability: 'https://schema.org/InStock' },
    });
  });

  test('leaves out a rating nobody gave and says when no copy is left', () => {
    const data = bookJsonLd({ ...detail, available_qty: 0 }, page);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.isbn).toBeUndefined();
    expect((data.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  test('JSON in a script element cannot close it', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});

describe('sitemaps', () => {
  test('are paged', () => {
    expect(sitemapPageCount(0)).toBe(1);
    expect(sitemapPageCount(5000)).toBe(1);
    expect(sitemapPageCount(5001)).toBe(2);
    expect(sitemapPagePath(2)).toBe('/sitemap-books-2.xml');
    expect(sitemapPageOf('/sitemap-books-2.xml')).toBe(2);
    expect(sitemapPageOf('/sitemap-books-0.xml')).toBeNull();
    expect(sitemapPageOf('/sitemap-books-x.xml')).toBeNull();
  });

  test('index their pages with the latest change', () => {
    expect(latest(['2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z'])).toBe('2026-03-01T00:00:00Z');
    const index = sitemapIndexXml([{ loc: 'https://x.id/sitemap-books-1.xml', lastmod: '2026-03-01T00:00:00Z' }]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<loc>https://x.id/sitemap-books-1.xml</loc>');
    expect(index).toContain('<lastmod>2026-03-01T00:00:00Z</lastmod>');
  });

  test('list book pages with their language alternates', () => {
    const set = bookUrlsetXml('https://x.id', [{ id: 'b1', updated_at: '2026-01-01T00:00:00Z' }]);
    expect(set).toContain('<loc>https://x.id/book/b1</loc>');
    expect(set).toContain('hreflang="en" href="https://x.id/book/b1?lang=en"');
    expect(set).toContain('hreflang="x-default"');
  });

  test('robots.txt names the sitemap and blocks no CSS or JS', () => {
    const robots = robotsTxt('https://x.id');
    expect(robots).toContain('Sitemap: https://x.id/sitemap.xml');
    expect(robots).not.toMatch(/Disallow: \/(_astro|.*\.css|.*\.js)/);
  });
});
