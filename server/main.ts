import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RequestListener } from 'node:http';
import { announceDevOutbox, bootApi } from './boot.ts';
import { DataDirInUseError } from './db/lock.ts';
import { createWebServer } from './web/http-server.ts';
import { hostPolicy, publicOrigin } from './http/public-origin.ts';

/**
 * The product's production entry: boots the embedded API (migrating, and on a new database seeding
 * the demo when asked or printing the link to create the first administrator), registers it for
 * the web server, then serves the built Astro app on PORT/HOST through our own HTTP server
 * (server/web), which answers only the site's own host names and adds compression to what the
 * Node adapter does.
 */
const outDir = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.ASTRO_OUT_DIR || 'dist');
const entry = join(outDir, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  console.error('The web app is not built yet: run `npm start` (which builds first) or `npm run build`.');
  process.exit(1);
}

// The built product always runs in production mode. `--outbox` (what `npm start` passes) keeps the
// development outbox on for this machine's own browser, so a newcomer can verify an account;
// `--demo` (also `npm start`'s) fills an empty database with the demo data and turns on the
// payment sandbox, so the demo can donate and pay end to end with no gateway account.
process.env.NODE_ENV ||= 'production';
if (process.argv.includes('--outbox')) process.env.OUTBOX_API ||= 'true';
if (process.argv.includes('--demo')) {
  process.env.DEMO_DATA ||= 'true';
  process.env.PAYMENT_SANDBOX ||= 'true';
}
process.env.PORT ??= '4321';
process.env.HOST ??= '0.0.0.0';
// A PUBLIC_URL or ALLOWED_HOSTS that cannot be read stops the start before the database is touched.
let hosts;
try {
  hosts = hostPolicy();
} catch (error) {
  console.error(`[server] ${(error as Error).message}`);
  process.exit(1);
}
// The adapter's own server would start on import; ours wraps its handler instead.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

let api;
try {
  api = process.env.API_URL ? null : await bootApi();
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(`[api] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

if (api) {
  announceDevOutbox(api);
  const { registerEmbeddedApi } = await import('../src/lib/bff/api-fetch.server.ts');
  const app = api.app;
  registerEmbeddedApi((request) => Promise.resolve(app.fetch(request)));
}

const { handler } = (await import(pathToFileURL(entry).href)) as { handler: RequestListener };
const server = createWebServer(handler, join(outDir, 'client'), undefined, hosts);
const port = Number(process.env.PORT);
const host = process.env.HOST;
server.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const tls = Boolean(process.env.SERVER_CERT_PATH && process.env.SERVER_KEY_PATH);
  console.log(`[server] listening on http${tls ? 's' : ''}://${shown}:${port}`);
  if (process.env.PUBLIC_URL) console.log(`[server] public address (links, sitemaps, mail): ${publicOrigin()}`);
});

const stop = async (signal: string) => {
  console.log(`[server] ${signal}: closing the database`);
  server.close();
  server.closeIdleConnections();
  await api?.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
