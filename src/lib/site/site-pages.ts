/** Public pages that are not catalogue items, for the sitemap (`/sitemap-pages.xml`). */
export const PUBLIC_SITE_PAGES: readonly string[] = ['/', '/books', '/help'];

export const SITE_PAGES_SITEMAP = '/sitemap-pages.xml';

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A urlset of `paths` on `origin`, each with its Indonesian (plain) and English (`?lang=en`) alternates. */
export function sitePagesXml(origin: string, paths: readonly string[] = PUBLIC_SITE_PAGES): string {
  const items = paths.map((path) => {
    const base = new URL(path, origin).href;
    const links = [
      `    <xhtml:link rel="alternate" hreflang="id" href="${xml(base)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${xml(`${base}?lang=en`)}"/>`,
    ].concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(base)}"/>`);
    return `  <url>\n    <loc>${xml(base)}</loc>\n${links.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('\n')}\n</urlset>\n`;
}
