import { Hono } from 'hono';
import { collectionAccessSchema, mediaDetailQuerySchema, mediaHistoryQuerySchema, mediaListQuerySchema } from '../../src/lib/media/schema.ts';
import { optionalCaller, requireCaller, type Caller } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { isUuid, listBody } from '../http/list-params.ts';
import { parseRange } from '../http/range.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { decideRead, decideView } from '../access/content-access.ts';
import { readerOf } from '../access/books.ts';
import { isOrganizationMember } from '../shelf/history.repository.ts';
import { findMediaFile, listMedia, listMediaHistory, toMediaItem } from './media.repository.ts';
import { openMedia, saveCollectionAccess } from './media.service.ts';
import { MEDIA_HOLDINGS } from './holdings.ts';
import { mediaObjectSize, readMediaRange, THUMBNAIL_OBJECT } from './store.ts';
import { registerMediaComments } from './comment-target.ts';
// Video, audio and articles as QR code targets.
import './qr-targets.ts';
import type { ApiDeps } from '../deps.ts';

type Env = { Variables: { caller?: Caller } };

/**
 * Videos and audio (spec 03 §7.1): webhook/multimedia-list, multimedia-home, multimedia-detail,
 * multimedia-history-list (also as multimedia-history) and collection-access-history for signed-in people;
 * public-multimedia-detail and public-multimedia-list for anyone; and the files,
 * storage/media/{id}/file (ranged, after the access rule) and storage/media/{id}/thumbnail.
 */
export function mediaRoutes(deps: ApiDeps) {
  const app = new Hono<Env>();
  const { db, config, store } = deps;
  registerMediaComments();
  for (const path of ['/webhook/multimedia-list', '/webhook/multimedia-home', '/webhook/multimedia-detail', '/webhook/multimedia-history-list', '/webhook/multimedia-history', '/webhook/collection-access-history']) {
    app.use(path, requireCaller(deps));
  }
  const caller = (c: { get(key: 'caller'): Caller | undefined }) => c.get('caller')!;

  for (const path of ['/webhook/multimedia-list', '/webhook/multimedia-home']) {
    app.get(path, async (c) => {
      const query = queryParams(c, mediaListQuerySchema);
      const { user } = caller(c);
      const page = await listMedia(db, {
        organizationId: user.organization_id,
        userId: user.id,
        type: query.type,
        epustakaId: query.epustaka_id,
        q: query.q,
        sort: query.sort,
        limit: query.limit,
        offset: query.offset,
        now: deps.now(),
      });
      return c.json(listBody({ rows: page.rows.map(toMediaItem), total: page.total }, query));
    });
  }

  app.get('/webhook/public-multimedia-list', async (c) => {
    const query = queryParams(c, mediaListQuerySchema);
    const page = await listMedia(db, { organizationId: config.organizationId, userId: null, type: query.type, epustakaId: query.epustaka_id, sort: query.sort, publicOnly: true, limit: query.limit, offset: query.offset, now: deps.now() });
    return c.json(listBody({ rows: page.rows.map(toMediaItem), total: page.total }, query));
  });

  app.get('/webhook/multimedia-detail', async (c) => {
    const query = queryParams(c, mediaDetailQuerySchema);
    const { user } = caller(c);
    const data = await openMedia(db, { mediaId: query.media_id, type: query.type, epustakaId: query.epustaka_id ?? null, reader: readerOf(user), organizationId: config.organizationId, now: deps.now() });
    return c.json({ data });
  });

  app.get('/webhook/public-multimedia-detail', async (c) => {
    const query = queryParams(c, mediaDetailQuerySchema);
    const data = await openMedia(db, { mediaId: query.media_id, type: query.type, epustakaId: null, reader: null, organizationId: config.organizationId, now: deps.now() });
    return c.json({ data });
  });

  // multimedia-history is the catalogue's other name of the same list (spec 03 §7.2).
  for (const path of ['/webhook/multimedia-history-list', '/webhook/multimedia-history']) {
    app.get(path, async (c) => {
      const query = queryParams(c, mediaHistoryQuerySchema);
      const { user } = caller(c);
      const userId = query.user_id ?? user.id;
      if (userId !== user.id && !(await isOrganizationMember(db, userId, user.organization_id))) throw notFound('user_not_found', 'The user could not be found.');
      const page = await listMediaHistory(db, { userId, viewerId: user.id, type: query.type, q: query.q, limit: query.limit, offset: query.offset, now: deps.now() });
      return c.json(listBody(page, query));
    });
  }

  app.post('/webhook/collection-access-history', async (c) => {
    const body = await jsonBody(c, collectionAccessSchema);
    const { user } = caller(c);
    if (body.user_id && body.user_id !== user.id) throw forbidden('user_mismatch', 'The history belongs to another user.');
    const data = await saveCollectionAccess(db, readerOf(user), body.epustaka_collection_id, body.progress, deps.now());
    return c.json({ data }, 201);
  });

  app.get('/storage/media/:id/file', optionalCaller(deps), async (c) => {
    const id = c.req.param('id');
    const file = isUuid(id) ? await findMediaFile(db, id) : null;
    if (!file || !file.file_name) throw notFound('media_not_found', 'The video or audio could not be found.');
    const who = c.get('caller');
    const decision = await decideRead(db, { id: file.id, organizationId: file.organization_id, drm: false }, who ? readerOf(who.user) : null, deps.now(), MEDIA_HOLDINGS);
    // Whatever address is guessed, the bytes go only to those the rule lets play the item.
    if (!decision.allowed) throw forbidden(decision.status === 404 ? 'media_not_found' : 'not_a_member', 'Only members of an ePustaka that holds this item can play it.');
    const size = await mediaObjectSize(store, id, file.file_name);
    if (size === null) throw new ApiError(404, 'file_missing', 'The stored file of this item is missing.');
    const headers: Record<string, string> = {
      'Content-Type': file.content_type ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      'Cache-Control': decision.via === 'public' ? 'private, max-age=3600' : 'private, no-cache',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    };
    const range = parseRange(c.req.header('range'), size);
    if (range === 'invalid') return c.body(null, 416, { 'Content-Range': `bytes */${size}` });
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const bytes = size === 0 ? Buffer.alloc(0) : await readMediaRange(store, id, file.file_name, start, end - start + 1);
    if (!range) return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Length': String(size) });
    return c.body(new Uint8Array(bytes), 206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(bytes.length) });
  });

  app.get('/storage/media/:id/thumbnail', optionalCaller(deps), async (c) => {
    const id = c.req.param('id');
    const file = isUuid(id) ? await findMediaFile(db, id) : null;
    if (!file || !file.has_thumbnail) throw notFound('thumbnail_not_found', 'No such picture.');
    const who = c.get('caller');
    const view = await decideView(db, { id: file.id, organizationId: file.organization_id }, who ? readerOf(who.user) : null, deps.now(), MEDIA_HOLDINGS);
    if (!view.allowed) throw notFound('thumbnail_not_found', 'No such picture.');
    const size = await mediaObjectSize(store, id, THUMBNAIL_OBJECT);
    if (size === null) throw notFound('thumbnail_not_found', 'No such picture.');
    const bytes = await readMediaRange(store, id, THUMBNAIL_OBJECT, 0, size);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': view.audience === 'public' ? 'public, max-age=86400' : 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });

  return app;
}
