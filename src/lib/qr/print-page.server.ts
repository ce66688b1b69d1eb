import type { HttpClient } from '../http/http.ts';
import { getQrCode } from './api.ts';
import { qrUrl } from './rules.ts';
import { isUuid } from '../catalogue/book.ts';
import { labelsSvg, posterSvg, type PrintItem } from './print.server.ts';
import type { TFunction } from 'i18next';

export type PrintLayout = 'poster' | 'labels';

export function printLayout(value: string | null): PrintLayout {
  return value === 'labels' ? 'labels' : 'poster';
}

/** The owner's code `id` as a print sheet, or null when it is not theirs or does not exist. */
export async function printSheet(http: HttpClient, id: string | undefined, layout: PrintLayout, origin: string, t: TFunction): Promise<{ svg: string; title: string } | null> {
  if (!isUuid(id)) return null;
  let item: PrintItem;
  try {
    const code = await getQrCode(http, { qr_id: id });
    item = {
      url: qrUrl(origin, code.id, code.location_label),
      title: code.target.title,
      subtitle: code.target.subtitle,
      locationLabel: code.location_label,
      coverUrl: code.target.cover_url ? new URL(code.target.cover_url, origin).href : null,
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
