import type { APIRoute } from 'astro';
import { webManifest } from '../lib/offline/rules.ts';

/** The web app manifest (installable app), in the visitor's language. */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify(webManifest(locals.lang, { name: locals.t('app.name'), description: locals.t('offline.manifest.description') })), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Cookie' },
  });
