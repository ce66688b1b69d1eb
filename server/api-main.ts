import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { announceDevOutbox, bootApi } from './boot.ts';
import { guardServer, refuseAtTheDoor } from './web/door.ts';

/**
 * Runs the reference API on its own (API_PORT, default 8787), for a web server started with
 * API_URL pointing here. Requests no route could answer well are refused first (web/door.ts).
 */
// `--demo` (what `npm run api` passes) fills an empty database with the demo data.
if (process.argv.includes('--demo')) process.env.DEMO_DATA ||= 'true';
const api = await bootApi();
announceDevOutbox(api);
const port = Number(process.env.API_PORT ?? 8787);
const host = process.env.API_HOST ?? '127.0.0.1';
const listener = getRequestListener(api.app.fetch);
const server = guardServer(
  createServer((req, res) => {
    if (!refuseAtTheDoor(req, res)) void listener(req, res);
  }),
);
server.listen(port, host, () => console.log(`[api] listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void api.close().then(() => process.exit(0));
  });
}
