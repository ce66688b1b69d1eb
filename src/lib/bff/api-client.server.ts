import type { AstroCookies } from 'astro';
import { createHttpClient } from '../http/http.ts';
import { getApiFetch, INTERNAL_ORIGIN } from './api-fetch.server.ts';
import { refreshSession } from './auth.server.ts';
import { isSecureRequest } from './cookies.server.ts';

const internalHost = { baseURL: INTERNAL_ORIGIN };

/**
 * The same HTTP layer for server-rendered pages: it calls the API in process (or at API_URL) with
 * the request's access token and renews the session once on a 401, like the browser does.
 */
export async function serverApi(context: { locals: App.Locals; cookies: AstroCookies; request: Request }) {
  const apiFetch = await getApiFetch();
  return createHttpClient({
    hosts: { main: internalHost, backend: internalHost, agent: internalHost, storage: internalHost },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => apiFetch(new Request(input, init))) as typeof fetch,
    // The API answers in the page's language (greetings, sizes, messages).
    headers: { 'accept-language': context.locals.lang },
    getAccessToken: () => context.locals.accessToken,
    refresh: async () => {
      const outcome = await refreshSession(apiFetch, context.cookies, isSecureRequest(context.request));
      context.locals.accessToken = outcome.ok ? outcome.accessToken : undefined;
      if (!outcome.ok) context.locals.sessionEnded = true;
      return outcome.ok;
    },
  });
}
