import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { notFound, respondToError } from './http/errors.ts';
import { authRoutes } from './routes/auth.ts';
import { shellRoutes } from './routes/shell.ts';
import { storageRoutes } from './routes/storage.ts';
import type { ApiDeps } from './deps.ts';

/** The reference API: one router per resource, mounted at the spec's paths. */
export function createApi(deps: ApiDeps) {
  const app = new Hono();
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store');
  });
  app.route('/auth', authRoutes(deps));
  app.route('/webhook', shellRoutes(deps));
  app.route('/storage', storageRoutes(deps));
  app.notFound((c) => respondToError(notFound('not_found', `No such endpoint: ${c.req.method} ${c.req.path}`), c));
  app.onError(respondToError);
  return app;
}

export type Api = ReturnType<typeof createApi>;
