import { Hono } from 'hono';
import { qrCreateSchema, qrDeleteSchema, qrIdQuerySchema, qrListQuerySchema, qrScanQuerySchema, qrTargetsQuerySchema } from '../../src/lib/qr/schema.ts';
import { optionalCaller, requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { clientIp } from '../accounts/rate-limit.ts';
import { limitQrScans } from '../limits/write-limits.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { createQrCode, deleteQrCode, getQrCode, listQrCodes, listQrTargets, recordScan, resolveQrCode } from './qr.service.ts';
import type { ApiDeps } from '../deps.ts';

/** A transparent 1×1 GIF: the scan counter answers as an image so a page can ask for it without script. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) => c.charCodeAt(0));

/** webhook/qr-code (POST, DELETE), qr-code-list, qr-code-detail, qr-targets, and the public qr-info and qr-scan. */
export function qrRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.post('/qr-code', auth, async (c) => {
    const input = await jsonBody(c, qrCreateSchema);
    return c.json({ data: await createQrCode(deps, c.get('caller').user.id, input) }, 201);
  });

  app.delete('/qr-code', auth, async (c) => {
    const { id } = await jsonBody(c, qrDeleteSchema);
    await deleteQrCode(deps, c.get('caller').user.id, id);
    return c.json({ data: { id, deleted: true } });
  });

  app.get('/qr-code-list', auth, async (c) => {
    const query = queryParams(c, qrListQuerySchema);
    return c.json(listBody(await listQrCodes(deps, c.get('caller').user.id, query), query));
  });

  app.get('/qr-targets', auth, async (c) => {
    const { q, limit } = queryParams(c, qrTargetsQuerySchema);
    const rows = await listQrTargets(deps, c.get('caller').user.id, q, limit);
    return c.json(listBody({ rows, total: rows.length }, { limit, offset: 0 }));
  });

  app.get('/qr-code-detail', auth, async (c) => {
    const { qr_id } = queryParams(c, qrIdQuerySchema);
    return c.json({ data: await getQrCode(deps, c.get('caller').user.id, qr_id) });
  });

  // What a code opens, for anyone; a pure read (the scan is counted by qr-scan).
  app.get('/qr-info', async (c) => {
    const { qr_id } = queryParams(c, qrIdQuerySchema);
    return c.json({ data: await resolveQrCode(deps, qr_id) });
  });

  // Never cached, so a cached landing page still counts; a visitor counts once a day, and an
  // address only so many times in the window (429 past it, counting nothing).
  app.get('/qr-scan', optionalCaller(deps), async (c) => {
    const { qr_id, location } = queryParams(c, qrScanQuerySchema);
    await limitQrScans(deps, c);
    const visitor = { userId: c.get('caller')?.user.id, address: clientIp(c), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null };
    await recordScan(deps, qr_id, location, visitor);
    return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
  });

  return app;
}
