import { getApiFetch, INTERNAL_ORIGIN } from '../bff/api-fetch.server.ts';
import { clientAddress } from '../auth/login-form.server.ts';
import { forwardedChain } from '../../../server/web-entry.ts';

/**
 * Counts one scan of a code from the server (the signed-in landing, which redirects at once), as
 * the visitor's own: with their session, address and browser, so it counts once a day for them.
 */
export async function countScan(
  context: { locals: App.Locals; request: Request; clientAddress: string },
  qrId: string,
  location: string,
): Promise<void> {
  const apiFetch = await getApiFetch();
  const url = new URL('/webhook/qr-scan', INTERNAL_ORIGIN);
  url.searchParams.set('qr_id', qrId);
  if (location) url.searchParams.set('location', location);
  const headers = new Headers();
  if (context.locals.accessToken) headers.set('authorization', `Bearer ${context.locals.accessToken}`);
  const agent = context.request.headers.get('user-agent');
  if (agent) headers.set('user-agent', agent);
  const ip = clientAddress(context);
  if (ip) headers.set('x-forwarded-for', forwardedChain(ip, context.request.headers));
  const response = await apiFetch(new Request(url, { headers }));
  await response.body?.cancel();
}

/** The address of the scan counter for a page to load as an image (signed-out landing). */
export function scanPixelPath(qrId: string, location: string): string {
  const params = new URLSearchParams({ qr_id: qrId });
  if (location) params.set('location', location);
  return `/webhook/qr-scan?${params}`;
}
