import { isAllowedOrigin, isUnsafeMethod } from '../../../server/web-entry.ts';
import { isApiRequest } from './paths.ts';

/**
 * The web server's own check of where an unsafe request comes from, before any page or API call
 * runs, whatever its content type: a present Origin must be this site's (the address the request
 * was made to, or PUBLIC_URL), and a browser's Sec-Fetch-Site must not say cross-site.
 * @returns the 403 to answer with, or null to go on.
 */
export function refuseForeignOrigin(request: Request, url: URL, publicUrl: string | undefined = process.env.PUBLIC_URL): Response | null {
  if (!isUnsafeMethod(request.method)) return null;
  const origin = request.headers.get('origin');
  const allowed = [url.origin];
  if (publicUrl) {
    try {
      allowed.push(new URL(publicUrl).origin);
    } catch {
      // An unusable PUBLIC_URL adds nothing.
    }
  }
  const foreign = (origin !== null && !isAllowedOrigin(origin, allowed)) || request.headers.get('sec-fetch-site') === 'cross-site';
  if (!foreign) return null;
  const message = 'Requests from other sites are not accepted.';
  if (isApiRequest(url.pathname, request.method)) {
    return Response.json({ errors: [{ code: 'foreign_origin', message }] }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  }
  return new Response(message, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
