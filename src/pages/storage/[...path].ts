import type { APIRoute } from 'astro';
import { proxyToApi } from '../../lib/bff/proxy.server.ts';

/** Same-origin API calls, forwarded by the web server with the session's bearer. */
export const ALL: APIRoute = (context) => proxyToApi(context);
