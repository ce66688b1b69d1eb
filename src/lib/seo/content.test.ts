import { describe, expect, test } from 'vitest';
import { contentUrlsetXml, mediaJsonLd, newsArticleJsonLd } from './content.ts';
import type { MediaItem } from '../media/schema.ts';
import type { NewsItem } from '../articles/schema.ts';

const page = { url: 'https://e.id/x', origin: 'https://e.id', description: 'Ringkas', organization: 'ePustaka' };

describe('search-engine data', () => {
  test('NewsArticle has headline, author, date, absolute image and publisher', () => {
    const news = { id: 'n', news_title: 'Judul', news_author: 'Ratna', news_thumbnail_url: '/media/news/tips.jpg', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z', category_name: 'Tips' } as NewsItem;
    expect(newsArticleJsonLd(news, { ...page, logo: 'https://e.id/logo.svg' })).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Judul',
      author: { '@type': 'Person', name: 'Ratna' },
      datePublished: '2026-11-01T00:00:00.000Z',
      image: ['https://e.id/media/news/tips.jpg'],
      publisher: { '@type': 'Organization', name: 'ePustaka' },
    });
  });

  test('a media item names its file only when anyone may play it', () => {
    const item = { id: 'm', type: 'video', media_title: 'Tur', media_duration: 65, created_at: '2026-11-01T00:00:00.000Z', media_thumbnail_url: '/storage/media/m/thumbnail', media_file_url: '/storage/media/m/file', content_type: 'video/webm', can_play: true, youtube_id: null } as MediaItem;
    expect(mediaJsonLd(item, page)).toMatchObject({ '@type': 'VideoObject', duration: 'PT1M5S', contentUrl: 'https://e.id/storage/media/m/file', thumbnailUrl: ['https://e.id/storage/media/m/thumbnail'] });
    expect(mediaJsonLd({ ...item, can_play: false }, page).contentUrl).toBeUndefined();
    expect(mediaJsonLd({ ...item, type: 'audio' }, page)['@type']).toBe('AudioObject');
  });

  test('the sitemap lists each page with its language alternates', () => {
    const xml = contentUrlsetXml('https://e.id', [{ kind: 'article', id: 'a&b', updated_at: '2026-11-01T00:00:00.000Z' }]);
    expect(xml).toContain('<loc>https://e.id/article/a&amp;b</loc>');
    expect(xml).toContain('hreflang="en" href="https://e.id/article/a&amp;b?lang=en"');
  });
});
