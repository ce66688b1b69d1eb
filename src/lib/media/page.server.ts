import type { AstroGlobal } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { getMediaDetail, getPublicMediaDetail } from './api.ts';
import { isUuid } from '../contract/ids.ts';
import { pageLangParam } from '../seo/book-page.ts';
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE } from '../http/cache-headers.ts';
import { contentPageUrls, mediaJsonLd } from '../seo/content.ts';
import { excerpt } from '../contract/text.ts';
import { loginLocation } from '../site/routes.ts';
import { createT } from '../i18n/index.ts';
import { descriptionText } from '../contract/sanitize.server.ts';
import { articleHtml } from '../contract/article.server.ts';
import type { MediaItem } from './schema.ts';
import type { MediaType } from './rules.ts';
import { publicOrigin } from '../../../server/web-entry.ts';

export interface MediaPage {
  kind: MediaType;
  item: MediaItem | null;
  signedIn: boolean;
  start: number | null;
  epustakaId: string | null;
  html: string;
  text: string;
  description: string;
  jsonLd: Record<string, unknown>;
  media: { property: 'og:video' | 'og:audio'; url: string; type: string | null } | null;
  /** Where a visitor goes instead: an item that is not public may be one they can open once signed in. */
  redirect: string | null;
}

/**
 * /video/{uuid}/{epustaka?}/{d?} and /audio/{uuid}/{epustaka?}/{d?}: the item for a signed-in
 * user, the public item for everyone else (?lang=id|en for its language alternates); sets the
 * page's status and caching.
 */
export async function loadMediaPage(Astro: AstroGlobal, kind: MediaType): Promise<MediaPage> {
  const segments = (Astro.params.params ?? '').split('/').filter(Boolean);
  const [mediaId, second = null, third = null] = segments;
  // The second part is an ePustaka, or (in links that skip it) the start time.
  const epustakaId = isUuid(second) ? second : null;
  const startText = isUuid(second) ? third : second;
  const start = startText !== null && /^\d{1,6}$/.test(startText) ? Number(startText) : null;
  const signedIn = Astro.locals.session.authenticated && Astro.locals.session.verified;
  const valid = isUuid(mediaId) && segments.length <= 3 && (startText === null || start !== null);

  Astro.response.headers.set('Vary', 'Cookie');
  Astro.response.headers.set('Cache-Control', signedIn ? PRIVATE_PAGE_CACHE : PUBLIC_PAGE_CACHE);
  if (!signedIn) {
    const forced = pageLangParam(Astro.url.searchParams);
    if (forced) {
      Astro.locals.lang = forced;
      Astro.locals.t = createT(forced);
      Astro.url.searchParams.delete('lang');
    }
  }
  let item: MediaItem | null = null;
  if (valid) {
    try {
      const http = await serverApi(Astro);
      item = signedIn
        ? await getMediaDetail(http, { media_id: mediaId!, type: kind, epustaka_id: epustakaId ?? undefined })
        : await getPublicMediaDetail(http, { media_id: mediaId!, type: kind });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) console.error(`The ${kind} ${mediaId} could not be loaded for ${Astro.url.pathname}`, error);
    }
  }
  if (!item) {
    Astro.response.status = 404;
    Astro.response.headers.set('Cache-Control', PRIVATE_PAGE_CACHE);
  }
  const text = item ? descriptionText(item.media_description) : '';
  const description = excerpt(text, 160);
  const origin = publicOrigin();
  return {
    kind,
    item,
    signedIn,
    start,
    epustakaId,
    html: item ? articleHtml(item.media_description) : '',
    text,
    description,
    jsonLd: item
      ? mediaJsonLd(item, { url: contentPageUrls(origin, kind, item.id).canonical(Astro.locals.lang), origin, description, organization: Astro.locals.t('app.name') })
      : {},
    media: item?.can_play && item.media_file_url ? { property: kind === 'video' ? 'og:video' : 'og:audio', url: item.media_file_url, type: item.content_type } : null,
    redirect: !item && !signedIn && valid ? loginLocation(Astro.url.pathname) : null,
  };
}
