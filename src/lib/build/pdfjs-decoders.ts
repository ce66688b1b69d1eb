import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PDFJS_DECODERS, pdfjsDecodersPath } from '../reader/pdfjs-assets.ts';

function pdfjsRoot(): string {
  return dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
}

/** Astro integration: copies the decoders beside the build's assets, and serves them in development. */
export function pdfjsDecoders(): AstroIntegration {
  let clientDir: string | null = null;
  return {
    name: 'epustaka:pdfjs-decoders',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:server:setup': async ({ server }) => {
        const { version } = JSON.parse(await readFile(join(pdfjsRoot(), 'package.json'), 'utf8')) as { version: string };
        const prefix = pdfjsDecodersPath(version);
        server.middlewares.use((req, res, next) => {
          const name = req.url?.startsWith(prefix) ? req.url.slice(prefix.length).split('?')[0]! : '';
          if (!PDFJS_DECODERS.includes(name)) return next();
          void readFile(join(pdfjsRoot(), 'wasm', name)).then((body) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(body);
          }, next);
        });
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const { version } = JSON.parse(await readFile(join(pdfjsRoot(), 'package.json'), 'utf8')) as { version: string };
        const target = join(clientDir, pdfjsDecodersPath(version));
        await mkdir(target, { recursive: true });
        for (const name of PDFJS_DECODERS) await copyFile(join(pdfjsRoot(), 'wasm', name), join(target, name));
        logger.info(`pdf.js image decoders copied to ${pdfjsDecodersPath(version)}`);
      },
    },
  };
}
