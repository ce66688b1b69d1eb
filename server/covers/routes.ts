import { Hono } from 'hono';
import { z } from 'zod';
import { coverSvg } from './covers.ts';
import { findCoverFacts } from './covers.repository.ts';
import { notFound } from '../http/errors.ts';
import { optionalCaller, type Caller } from '../http/auth-guard.ts';
import { decideView } from '../access/content-access.ts';
import { findBookOwner, readerOf } from '../access/books.ts';
import type { ApiDeps } from '../deps.ts';

const coverParam = z.object({ file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.svg$/) });

/** storage/covers: covers drawn from a book's title, author and category, for books without an image. */
export function coverRoutes(deps: ApiDeps) {
  const app = new Hono<{ Variables: { caller?: Caller } }>();

  app.get('/covers/:file', optionalCaller(deps), async (c) => {
    const parsed = coverParam.safeParse({ file: c.req.param('file') });
    if (!parsed.success) throw notFound('cover_not_found', 'No such cover.');
    const id = parsed.data.file.slice(0, 36);
    const caller = c.get('caller');
    const view = await decideView(deps.db, await findBookOwner(deps.db, id), caller ? readerOf(caller.user) : null, deps.now());
    if (!view.allowed) throw notFound('cover_not_found', 'No such cover.');
    const book = await findCoverFacts(deps.db, id);
    if (!book) throw notFound('cover_not_found', 'No such cover.');
    const etag = `"${id.slice(0, 8)}-${new Date(book.updated_at).getTime().toString(36)}"`;
    const cache = view.audience === 'public' ? 'public, max-age=86400, stale-while-revalidate=604800' : 'private, max-age=86400';
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { 'Cache-Control': cache });
    const svg = coverSvg({ title: book.catalog_title, author: book.author_name ?? '', category: book.category_name ?? undefined, seed: id });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': cache,
      ETag: etag,
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  return app;
}
