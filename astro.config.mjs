// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_DIRECTIVES } from './src/lib/bff/headers.ts';
import { precompress } from './src/lib/build/precompress.ts';
import { pdfjsDecoders } from './src/lib/build/pdfjs-decoders.ts';
import { epubjsUnusedDeps } from './src/lib/build/epubjs-unused-deps.ts';
import { isLayoutModule } from './src/lib/build/layout-chunk.ts';

export default defineConfig({
  output: 'server',
  // A separate build folder lets several builds (tests, benchmarks) coexist on one machine.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  markdown: { syntaxHighlight: false },
  adapter: node({ mode: 'standalone' }),
  // Hashed assets get .br and .gz copies that server/web serves without compressing on each request.
  integrations: [react(), pdfjsDecoders(), precompress()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? true },
  security: {
    checkOrigin: true,
    // Astro sends the policy as a header with the hashes of its own inline hydration scripts.
    csp: { directives: [...CSP_DIRECTIVES] },
  },
  vite: {
    plugins: [tailwindcss(), epubjsUnusedDeps()],
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
    build: {
      rolldownOptions: {
        output: {
          // React and its renderer in one chunk of their own: the same file, cached once, on every route.
          // What the signed-in layout's islands share, in one chunk too (see src/lib/build/layout-chunk.ts).
          codeSplitting: {
            groups: [
              { name: 'react-runtime', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 2 },
              { name: 'layout', test: isLayoutModule(), priority: 1 },
            ],
          },
        },
      },
    },
  },
});
