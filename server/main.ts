import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bootApi } from './boot.ts';
import { DataDirInUseError } from './db/lock.ts';

/**
 * The product's production entry: boots the embedded API (migrating and seeding on first start),
 * registers it for the web server, then starts the built Astro server on PORT/HOST.
 */
const outDir = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.ASTRO_OUT_DIR || 'dist');
const entry = join(outDir, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  console.error('The web app is not built yet: run `npm start` (which builds first) or `npm run build`.');
  process.exit(1);
}

process.env.PORT ??= '4321';
process.env.HOST ??= '0.0.0.0';

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
  const { registerEmbeddedApi } = await import('../src/lib/bff/api-fetch.server.ts');
  const app = api.app;
  registerEmbeddedApi((request) => Promise.resolve(app.fetch(request)));
}

const stop = async (signal: string) => {
  console.log(`[server] ${signal}: closing the database`);
  await api?.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

await import(pathToFileURL(entry).href);
