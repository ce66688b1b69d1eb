import { defineMiddleware, sequence } from 'astro:middleware';
import { LANG_COOKIE, normalizeLang } from './lib/i18n/index.ts';
import { createT } from './lib/i18n/texts.server.ts';
import { guard } from './lib/site/routes.ts';
import { ANONYMOUS } from './lib/bff/session.ts';
import { decodeClaims, isExpired } from './lib/bff/claims.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, isSecureRequest } from './lib/bff/cookies.server.ts';
import { refreshSession } from './lib/bff/auth.server.ts';
import { getApiFetch } from './lib/bff/api-fetch.server.ts';
import { allowSameOriginFraming, isFrameablePath, securityHeaders } from './lib/bff/headers.ts';
import { isApiRequest, isOpenUtility } from './lib/bff/paths.ts';
import { refuseForeignOrigin } from './lib/bff/origin.ts';
import { withPageTexts } from './lib/i18n/inject.server.ts';
import { appIslandTexts, pageTextsFor } from './lib/i18n/island-texts.server.ts';

/** Unsafe requests from other sites are refused before anything else runs. */
const sameOrigin = defineMiddleware((context, next) => refuseForeignOrigin(context.request, context.url) ?? next());

/** Language of the request, from the stored `langActive` setting. */
const language = defineMiddleware((context, next) => {
  context.locals.lang = normalizeLang(context.cookies.get(LANG_COOKIE)?.value);
  context.locals.t = createT(context.locals.lang);
  return next();
});

/** Reads the session from its cookies, renewing an expired access token once per request. */
const session = defineMiddleware(async (context, next) => {
  const { cookies, request } = context;
  let token = cookies.get(ACCESS_COOKIE)?.value;
  let claims = decodeClaims(token);
  if ((!claims || isExpired(claims)) && cookies.get(REFRESH_COOKIE)?.value) {
    const outcome = await refreshSession(await getApiFetch(), cookies, isSecureRequest(request));
    token = outcome.ok ? outcome.accessToken : undefined;
    claims = decodeClaims(token);
  }
  if (claims && isExpired(claims, Date.now(), 0)) claims = null;
  context.locals.accessToken = claims ? token : undefined;
  context.locals.session = claims
    ? { authenticated: true, verified: claims.verified, userId: claims.sub, role: claims.role, organizationId: claims.org }
    : ANONYMOUS;
  return next();
});

/** Sends visitors where the route table allows them; API calls pass through to their endpoints. */
const routeGuard = defineMiddleware((context, next) => {
  const { url, request, locals } = context;
  if (isApiRequest(url.pathname, request.method) || isOpenUtility(url.pathname)) return next();
  const decision = guard(url.pathname, url.search, { authenticated: locals.session.authenticated, verified: locals.session.verified });
  if (decision.kind === 'redirect') return context.redirect(decision.location, 302);
  // A path with no page goes on to Astro's router, which answers it with the not-found page (404).
  locals.shell = { layout: decision.layout, whiteBackground: decision.kind === 'allow' && decision.whiteBackground };
  return next();
});

/**
 * A page whose API calls found the session ended (revoked elsewhere, say) would render with
 * nothing in it. Its frontmatter has run by the time the response exists, and the failed renewal
 * cleared the cookies, so asking for the same address again lets the guard decide afresh: the
 * public variant where one exists, else /login remembering the page.
 */
const endedSession = defineMiddleware(async (context, next) => {
  const response = await next();
  const { locals, request, url } = context;
  if (!locals.sessionEnded || request.method !== 'GET' || isApiRequest(url.pathname, request.method)) return response;
  await response.body?.cancel();
  // The members' home has no public variant (its visitors' page is the front door): sign in again.
  if (url.pathname === '/') return context.redirect('/login', 302);
  return context.redirect(url.pathname + url.search, 302);
});

/** A page with islands carries the texts they use, in its language, before them (see inject.server.ts). */
const pageTexts = defineMiddleware(async (context, next) => {
  const response = await next();
  const islands = await appIslandTexts();
  return withPageTexts(response, () => pageTextsFor(context.locals.lang, islands));
});

/** Security headers on every answer; HSTS only over HTTPS. */
const headers = defineMiddleware(async (context, next) => {
  const response = await next();
  const frameable = isFrameablePath(context.url.pathname);
  const csp = response.headers.get('content-security-policy');
  const extra = securityHeaders(isSecureRequest(context.request), csp !== null, frameable);
  if (frameable && csp !== null) extra['Content-Security-Policy'] = allowSameOriginFraming(csp);
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    // Some responses carry immutable headers; copy them into a new one.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(extra)) copy.headers.set(name, value);
    return copy;
  }
});

export const onRequest = sequence(headers, sameOrigin, language, pageTexts, session, routeGuard, endedSession);
