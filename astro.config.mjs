// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? true },
  security: {
    checkOrigin: true,
    // Astro hashes its own inline hydration scripts and bundled styles into a <meta> policy;
    // the middleware adds the directives a <meta> policy cannot carry (frame-ancestors).
    csp: true,
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
  },
});
