import type { NewsItem } from '../articles/schema.ts';
import type { MediaItem } from '../media/schema.ts';
import { isoDuration } from '../media/rules.ts';
import { shorten } from '../contract/shorten.ts';

/*
 * Search-engine data of the public article, video and audio pages (issue: canonical, hreflang,
 * OpenGraph, JSON-LD NewsArticle / VideoObject / AudioObject) and their sitemap.
 */

const SCHEMA = 'https://schema.org';

export type ContentKind = 'article' | 'video' | 'audio';

/** The page's addresses: Indonesian without a parameter (also x-default), English with ?lang=en. */
export function contentPageUrls(origin: string, kind: ContentKind, id: string) {
  const plain = `${origin}/${kind}/${id}`;
  return { id: plain, en: `${plain}?lang=en`, xDefault: plain, canonical: (lang: string) => (lang === 'en' ? `${plain}?lang=en` : plain) };
}

function absolute(origin: string, url: string | null): string | null {
  return url ? new URL(url, origin).href : null;
}

export function newsArticleJsonLd(news: NewsItem, page: { url: string; origin: string; description: string; organization: string; logo: string }) {
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'NewsArticle',
    '@id': page.url,
    mainEntityOfPage: page.url,
    url: page.url,
    headline: shorten(news.news_title, 110),
    datePublished: news.created_at,
    dateModified: news.updated_at,
    inLanguage: 'id',
    publisher: { '@type': 'Organization', name: page.organization, logo: { '@type': 'ImageObject', url: page.logo } },
  };
  if (news.news_author) data.author = { '@type': 'Person', name: news.news_author };
  const image = absolute(page.origin, news.news_thumbnail_url);
  if (image) data.image = [image];
  if (page.description) data.description = page.description;
  if (news.category_name) data.articleSection = news.category_name;
  return data;
}

/** VideoObject or AudioObject; the file's address only for an item anyone may play. */
export function mediaJsonLd(item: MediaItem, page: { url: string; origin: string; description: string; organization: string }) {
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': item.type === 'video' ? 'VideoObject' : 'AudioObject',
    '@id': page.url,
    url: page.url,
    name: item.media_title,
    uploadDate: item.created_at,
    duration: isoDuration(item.media_duration),
    inLanguage: 'id',
    publisher: { '@type': 'Organization', name: page.organization },
  };
  data.description = page.description || item.media_title;
  const thumbnail = absolute(page.origin, item.media_thumbnail_url);
  if (thumbnail) data.thumbnailUrl = [thumbnail];
  const file = item.can_play ? absolute(page.origin, item.media_file_url) : null;
  if (file) {
    data.contentUrl = file;
    if (item.content_type) data.encodingFormat = item.content_type;
  }
  if (item.youtube_id && item.can_play) data.embedUrl = `https://www.youtube-nocookie.com/embed/${item.youtube_id}`;
  return data;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A sitemap of public article, video and audio pages with their language alternates. */
export function contentUrlsetXml(origin: string, items: readonly { kind: ContentKind; id: string; updated_at: string }[]): string {
  const entries = items.map((item) => {
    const urls = contentPageUrls(origin, item.kind, item.id);
    const links = [
      ['id', urls.id],
      ['en', urls.en],
      ['x-default', urls.xDefault],
    ].map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href!)}"/>`);
    return `  <url>\n    <loc>${xml(urls.id)}</loc>\n    <lastmod>${xml(item.updated_at)}</lastmod>\n${links.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** The address of the content sitemap, listed in the sitemap index. */
export const CONTENT_SITEMAP_PATH = '/sitemap-content.xml';

export { jsonForScript as jsonForScriptSafe } from './book-page.ts';
