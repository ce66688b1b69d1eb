import { describe, expect, test } from 'vitest';
import { libraryJsonLd, libraryPageUrls, libraryUrlsetXml } from './library.ts';
import { libraryJoinButton, showsActivities } from '../libraries/rules.ts';

const lib = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001', epustaka_name: 'Pustaka <Uji> & Co', epustaka_logo: null, epustaka_isprivate: true, epustaka_category: 'L' as const,
  epustaka_about: null, member_count: 3, collection_count: 12, drm_count: 10, nondrm_count: 2, drm_copy_count: 25, share_url: '/epustaka/x', updated_at: '2026-11-01T00:00:00.000Z',
};

describe('public library page data', () => {
  test('the canonical follows the language shown; English lives at ?lang=en', () => {
    const urls = libraryPageUrls('https://epustaka.id', lib.id);
    expect(urls.canonical('id')).toBe(`https://epustaka.id/epustaka/${lib.id}`);
    expect(urls.canonical('en')).toBe(`https://epustaka.id/epustaka/${lib.id}?lang=en`);
  });

  test('JSON-LD is a Library with its logo, description and, for a public library, its number of titles', () => {
    const data = libraryJsonLd({ ...lib, epustaka_isprivate: false }, { url: 'https://x/epustaka/1', logo: 'https://x/logo.png', description: 'Tentang' });
    expect(data).toMatchObject({ '@type': 'Library', name: lib.epustaka_name, logo: 'https://x/logo.png', description: 'Tentang', hasOfferCatalog: { numberOfItems: 12 } });
    expect(libraryJsonLd(lib, { url: 'u', logo: null, description: null })).not.toHaveProperty('logo');
    // A private library's holdings are for its members: not even their number.
    expect(libraryJsonLd(lib, { url: 'u', logo: null, description: null })).not.toHaveProperty('hasOfferCatalog');
  });

  test('the sitemap escapes and lists each language', () => {
    const out = libraryUrlsetXml('https://x', [{ id: 'a&b', updated_at: '2026-11-01' }]);
    expect(out).toContain('<loc>https://x/epustaka/a&amp;b</loc>');
    expect(out).toContain('hreflang="en" href="https://x/epustaka/a&amp;b?lang=en"');
  });
});

describe('the join button of a library (spec 02 §4.3)', () => {
  test('labels and clicks', () => {
    expect(libraryJoinButton({ has_join: false, member_status: null, epustaka_isprivate: false })).toEqual({ label: 'join', action: 'join', disabled: false });
    expect(libraryJoinButton({ has_join: false, member_status: null, epustaka_isprivate: true }).label).toBe('askToJoin');
    expect(libraryJoinButton({ has_join: true, member_status: 1, epustaka_isprivate: true })).toEqual({ label: 'joined', action: 'none', disabled: false });
    expect(libraryJoinButton({ has_join: true, member_status: 0, epustaka_isprivate: true })).toEqual({ label: 'pending', action: 'none', disabled: true });
    expect(libraryJoinButton({ has_join: true, member_status: 3, epustaka_isprivate: false })).toEqual({ label: 'extend', action: 'join', disabled: false });
  });

  test('activities only for active members of a library with DRM titles', () => {
    expect(showsActivities({ member_status: 1, drm_count: 1 })).toBe(true);
    expect(showsActivities({ member_status: 1, drm_count: 0 })).toBe(false);
    expect(showsActivities({ member_status: 3, drm_count: 4 })).toBe(false);
  });
});

describe('one library’s book list address', async () => {
  const { bookListPath, bookListParams, parseBookQuery } = await import('../catalogue/book.ts');
  test('carries the library, so it can be shared, and asks the API for its books only', () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000001';
    const query = parseBookQuery(new URLSearchParams(`epustaka=${id}&sort=az`));
    expect(bookListPath(query)).toBe(`/epustaka-book-category?epustaka=${id}&sort=az`);
    expect(bookListParams(query)).toMatchObject({ epustaka_id: id, sort: 'catalog_title' });
    expect(bookListPath(parseBookQuery(new URLSearchParams('epustaka=bukan')))).toBe('/books');
    const available = parseBookQuery(new URLSearchParams(`epustaka=${id}&available=1`));
    expect(bookListParams(available).filter).toEqual({ available: true });
    expect(bookListPath(available)).toBe(`/epustaka-book-category?epustaka=${id}&available=1`);
  });
});

describe('library page tabs', async () => {
  const { libraryContentPaths, libraryTab } = await import('../libraries/rules.ts');
  test('?tab= names a tab, anything else is Books; content links carry the library', () => {
    expect(libraryTab('video')).toBe('video');
    expect(libraryTab('activities')).toBe('activities');
    expect(libraryTab('<x>')).toBe('books');
    expect(libraryTab(null)).toBe('books');
    expect(libraryContentPaths('audio', 'e1', 'a1')).toEqual({ item: '/audio/a1/e1', list: '/list-audio-epustaka?epustaka=e1' });
  });
});
