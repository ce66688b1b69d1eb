import { serve } from '@hono/node-server';
import { bootApi } from './boot.ts';

/**
 * Runs the reference API on its own (API_PORT, default 8787), for a web server started with
 * API_URL pointing here.
 */
const api = await bootApi();
const port = Number(process.env.API_PORT ?? 8787);
const server = serve({ fetch: api.app.fetch, port, hostname: process.env.API_HOST ?? '127.0.0.1' }, (info) =>
  console.log(`[api] listening on http://${info.address}:${info.port}`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void api.close().then(() => process.exit(0));
  });
}
