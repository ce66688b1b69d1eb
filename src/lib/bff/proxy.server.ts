import type { APIContext } from 'astro';
import { getApiFetch, INTERNAL_ORIGIN } from './api-fetch.server.ts';
import { refreshSession, signIn, signOut } from './auth.server.ts';
import { isSecureRequest } from './cookies.server.ts';
import { clientAddress } from '../auth/login-form.server.ts';
import { forwardedChain, isOutboxPath, OUTBOX_KEY_HEADER, INGEST_SECRET_HEADER } from '../../../server/web-entry.ts';

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'user-agent', 'range', 'if-none-match', 'if-modified-since'];
const DROPPED_RESPONSE_HEADERS = ['set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'];

/**
 * Forwards a same-origin `/webhook`, `/auth` or `/storage` call to the API with the session's bearer.
 * Login, refresh and logout are answered here: their tokens go into HttpOnly cookies, never into
 * the response body.
 */
export async function proxyToApi(context: APIContext): Promise<Response> {
  const { request, cookies, locals, url } = context;
  const apiFetch = await getApiFetch();
  const secure = isSecureRequest(request);
  const path = url.pathname;

  if (request.method === 'POST' && path === '/auth/login') {
    const input = await readJson(request);
    const outcome = await signIn(apiFetch, cookies, input, { userAgent: request.headers.get('user-agent'), secure, clientIp: clientAddress(context) });
    if (outcome.ok) return Response.json({ data: outcome.session });
    const retry = (outcome.body?.errors?.[0] as { retry_after?: unknown } | undefined)?.retry_after;
    return Response.json(outcome.body, { status: outcome.status, headers: typeof retry === 'number' ? { 'Retry-After': String(retry) } : {} });
  }
  if (request.method === 'POST' && path === '/auth/refresh-token') {
    const outcome = await refreshSession(apiFetch, cookies, secure);
    return outcome.ok ? Response.json({ data: outcome.session }) : Response.json(outcome.body, { status: outcome.status });
  }
  if (request.method === 'POST' && path === '/auth/logout') {
    await signOut(apiFetch, cookies);
    // Local storage goes too, even if the page's script never runs.
    return Response.json({ data: { message: 'Signed out.' } }, { headers: { 'Clear-Site-Data': '"storage"' } });
  }

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The API answers in the interface language (the langActive setting), not the browser's.
  headers.set('accept-language', locals.lang);
  // `npm run ingest` proves itself to the API with the data directory's secret, sent as a header.
  const ingestSecret = path === '/storage/ingest' ? request.headers.get(INGEST_SECRET_HEADER) : null;
  if (ingestSecret) headers.set(INGEST_SECRET_HEADER, ingestSecret);
  // The development outbox's secret, which the API checks (server/accounts/outbox-key.ts).
  const outboxKey = isOutboxPath(path) ? request.headers.get(OUTBOX_KEY_HEADER) : null;
  if (outboxKey) headers.set(OUTBOX_KEY_HEADER, outboxKey);
  if (locals.accessToken) headers.set('authorization', `Bearer ${locals.accessToken}`);
  // The connection's own address last: the API limits password checks per client address, and
  // answers local-only tools only when no hop came before it.
  const ip = clientAddress(context);
  if (ip) headers.set('x-forwarded-for', forwardedChain(ip, request.headers));
  const hasBody = !['GET', 'HEAD'].includes(request.method);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  if (hasBody) {
    init.body = request.body;
    init.duplex = 'half';
  }
  const upstream = await apiFetch(new Request(INTERNAL_ORIGIN + path + url.search, init));
  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.includes(name)) responseHeaders.set(name, value);
  });
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

async function readJson(request: Request): Promise<{ email?: unknown; password?: unknown; organization_id?: unknown }> {
  try {
    const value = await request.json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
