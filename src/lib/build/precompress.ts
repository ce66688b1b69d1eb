import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.map', '.webmanifest']);

/** Files smaller than this gain less than the header costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file under
 * `dir`, once, at build time, so serving them costs no CPU. Returns how many files it compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  let done = 0;
  // Two at a time: brotli at quality 11 is CPU-bound and the machine may have two cores.
  for (let i = 0; i < files.length; i += 2) {
    await Promise.all(
      files.slice(i, i + 2).map(async (file) => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        done++;
      }),
    );
  }
  return done;
}

/** Astro integration: precompresses the client assets after a build. */
export function precompress(): AstroIntegration {
  let clientDir: string | null = null;
  return {
    name: 'epustaka:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const started = performance.now();
        const count = await precompressDir(clientDir);
        logger.info(`${count} assets precompressed (brotli, gzip) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
