import type { PublicEpustakaDetail } from '../libraries/schema.ts';

/*
 * The public library page for search engines (spec 02 §2.10 public variant): its addresses in both
 * languages, schema.org `Library` data and the library sitemap.
 */

/** Addresses of a public library page: Indonesian at the plain address (also x-default), English at `?lang=en`. */
export function libraryPageUrls(origin: string, id: string) {
  const plain = `${origin}/epustaka/${id}`;
  return { id: plain, en: `${plain}?lang=en`, xDefault: plain, canonical: (lang: string) => (lang === 'en' ? `${plain}?lang=en` : plain) };
}

/** schema.org `Library` of a library's public page; a public library's collection is an OfferCatalog with its number of titles. */
export function libraryJsonLd(lib: PublicEpustakaDetail, page: { url: string; logo: string | null; description: string | null }) {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Library',
    '@id': page.url,
    url: page.url,
    name: lib.epustaka_name,
    isAccessibleForFree: !lib.epustaka_isprivate,
  };
  // A private library's holdings are for its members: visitors and search engines learn only its name.
  if (!lib.epustaka_isprivate) data.hasOfferCatalog = { '@type': 'OfferCatalog', name: lib.epustaka_name, numberOfItems: lib.collection_count };
  if (page.logo) {
    data.logo = page.logo;
    data.image = page.logo;
  }
  if (page.description) data.description = page.description;
  return data;
}

/** `/sitemap-epustaka.xml`: the public library pages, each with its language alternates. */
export const LIBRARY_SITEMAP_PATH = '/sitemap-epustaka.xml';

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function libraryUrlsetXml(origin: string, libraries: readonly { id: string; updated_at: string }[]): string {
  const items = libraries.map((lib) => {
    const urls = libraryPageUrls(origin, lib.id);
    const links = [
      ['id', urls.id],
      ['en', urls.en],
      ['x-default', urls.xDefault],
    ].map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href!)}"/>`);
    return `  <url>\n    <loc>${xml(urls.id)}</loc>\n    <lastmod>${xml(lib.updated_at)}</lastmod>\n${links.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('\n')}\n</urlset>\n`;
}
