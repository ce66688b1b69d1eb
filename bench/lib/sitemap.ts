import { timedRequest } from './http.ts';

/** The page addresses one sitemap lists. */
export interface SitemapFile {
  path: string;
  status: number;
  urls: string[];
}

/** The `<loc>` values of a sitemap or sitemap index, unescaped. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map(([, loc]) =>
    loc!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
  );
}

/**
 * Follows `/sitemap.xml` and every sitemap it names (by path, on `origin`, whatever site address
 * they carry) and returns what each lists: public books, libraries, the content sitemap
 * (articles, video, audio) and the site's own pages.
 */
export async function readSitemaps(origin: string): Promise<SitemapFile[]> {
  const index = await timedRequest(origin, 'GET', '/sitemap.xml');
  if (index.status !== 200) return [{ path: '/sitemap.xml', status: index.status, urls: [] }];
  const files: SitemapFile[] = [];
  for (const loc of sitemapLocs(index.body)) {
    const path = new URL(loc).pathname;
    const answer = await timedRequest(origin, 'GET', path);
    files.push({ path, status: answer.status, urls: answer.status === 200 ? sitemapLocs(answer.body).map((url) => new URL(url).pathname) : [] });
  }
  return files;
}
