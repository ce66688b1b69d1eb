import { getApiFetch, INTERNAL_ORIGIN } from './api-fetch.server.ts';

/** Counts one scan of a code from the server (the signed-in landing, which redirects at once). */
export async function countScan(qrId: string, location: string): Promise<void> {
  const apiFetch = await getApiFetch();
  const url = new URL('/webhook/qr-scan', INTERNAL_ORIGIN);
  url.searchParams.set('qr_id', qrId);
  if (location) url.searchParams.set('location', location);
  const response = await apiFetch(new Request(url));
  await response.body?.cancel();
}

/** The address of the scan counter for a page to load as an image (signed-out landing). */
export function scanPixelPath(qrId: string, location: string): string {
  const params = new URLSearchParams({ qr_id: qrId });
  if (location) params.set('location', location);
  return `/webhook/qr-scan?${params}`;
}
