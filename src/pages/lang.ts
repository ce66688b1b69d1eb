import type { APIRoute } from 'astro';
import { LANG_COOKIE, normalizeLang } from '../lib/i18n/index.ts';
import { safeNextPath } from '../lib/site/routes.ts';
import { isSecureRequest } from '../lib/bff/cookies.server.ts';

/**
 * Switches the interface language without JavaScript: stores `langActive` in a cookie that
 * server-rendered pages read, then returns to the page the visitor was on.
 */
export const GET: APIRoute = ({ url, cookies, request, redirect }) => {
  const lang = normalizeLang(url.searchParams.get('to'));
  cookies.set(LANG_COOKIE, lang, {
    path: '/',
    sameSite: 'lax',
    secure: isSecureRequest(request),
    maxAge: 365 * 24 * 60 * 60,
  });
  return redirect(safeNextPath(url.searchParams.get('next')), 303);
};
