import type { HttpClient } from '../http/http.ts';
import { getQrCode } from './api.ts';
import { qrUrl } from './rules.ts';
import { isUuid } from '../contract/ids.ts';
import { labelsSvg, posterSvg, type PrintItem } from './print.server.ts';
import type { TFunction } from 'i18next';
import { getApiFetch, INTERNAL_ORIGIN } from '../bff/api-fetch.server.ts';

/** Covers larger than this are left off the sheet rather than inlined. */
const COVER_MAX_BYTES = 2 * 1024 * 1024;
const COVER_TYPES = /^image\/(?:png|jpeg|webp|gif|svg\+xml)$/;

/**
 * Reads a cover of this site (`/storage/...`) as the caller and gives it as a `data:` address, or
 * null when it cannot be read. A sheet carries its cover inside itself: an SVG shown as a picture
 * (the preview) or saved as a file loads nothing from outside, so a linked cover would be broken.
 */
export function coverLoader(context: { locals: App.Locals }): (path: string) => Promise<string | null> {
  return async (path) => {
    if (!path.startsWith('/storage/')) return null;
    try {
      const apiFetch = await getApiFetch();
      const token = context.locals.accessToken;
      const response = await apiFetch(new Request(new URL(path, INTERNAL_ORIGIN), { headers: token ? { authorization: `Bearer ${token}` } : {} }));
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (!response.ok || !COVER_TYPES.test(type)) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.length > COVER_MAX_BYTES ? null : `data:${type};base64,${bytes.toString('base64')}`;
    } catch (error) {
      console.warn(`The cover ${path} could not be read for a print sheet`, error);
      return null;
    }
  };
}

export type PrintLayout = 'poster' | 'labels';

export function printLayout(value: string | null): PrintLayout {
  return value === 'labels' ? 'labels' : 'poster';
}

/**
 * The owner's code `id` as a print sheet, or null when it is not theirs or does not exist; the
 * cover is inlined by `loadCover` (see {@link coverLoader}) and left off when it cannot be.
 */
export async function printSheet(
  http: HttpClient,
  id: string | undefined,
  layout: PrintLayout,
  origin: string,
  t: TFunction,
  loadCover: (path: string) => Promise<string | null>,
): Promise<{ svg: string; title: string } | null> {
  if (!isUuid(id)) return null;
  let item: PrintItem;
  try {
    const code = await getQrCode(http, { qr_id: id });
    item = {
      url: qrUrl(origin, code.id, code.location_label),
      title: code.target.title,
      subtitle: code.target.subtitle,
      locationLabel: code.location_label,
      coverUrl: code.target.cover_url ? await loadCover(new URL(code.target.cover_url, origin).pathname) : null,
      brand: t('app.name'),
      callToAction: t('reach.qr.scanCta'),
    };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== 404 && status !== 403 && status !== 400) throw error;
    return null;
  }
  return { svg: layout === 'labels' ? labelsSvg(item) : posterSvg(item), title: item.title };
}
