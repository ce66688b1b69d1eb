/*
 * Which same-origin paths are API calls rather than pages. The web app hands them to the API (and answers a foreign
 * origin there with a coded error); the web server's shared page cache never keeps them. Both read the rule here.
 */

/**
 * True for calls the web server forwards to the API: `/webhook/*`, `/storage/*` and `/auth/*`,
 * except the reset-password page, which shares the `/auth/` prefix (its form posts go to the API).
 */
export function isApiRequest(pathname: string, method: string): boolean {
  if (pathname.startsWith('/webhook/') || pathname.startsWith('/storage/')) return true;
  if (!pathname.startsWith('/auth/')) return false;
  const page = pathname === '/auth/reset-password' || pathname === '/auth/reset-password/';
  return !(page && (method === 'GET' || method === 'HEAD'));
}
