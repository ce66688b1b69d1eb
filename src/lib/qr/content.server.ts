import type { HttpClient } from '../http/http.ts';
import { getPublicMediaDetail, getPublicNewsDetail } from '../media/api.ts';
import { descriptionText } from '../contract/sanitize.server.ts';
import { articleHtml } from '../contract/article.server.ts';
import type { MediaItem } from '../media/schema.ts';
import type { NewsDetail } from '../articles/schema.ts';
import type { QrTarget } from './schema.ts';

/** The public page content a signed-out scan of a video, audio or article code shows. */
export type QrContent = { kind: 'media'; item: MediaItem; html: string; text: string } | { kind: 'article'; news: NewsDetail; html: string };

/**
 * The item of a code as its public page shows it, or null: not public (the landing then says it
 * is for members), gone, or a kind with a page of its own (books, ePustakas).
 */
export async function loadQrContent(http: HttpClient, target: QrTarget): Promise<QrContent | null> {
  if (!target.is_public) return null;
  try {
    if (target.type === 'VIDEO' || target.type === 'AUDIO') {
      const item = await getPublicMediaDetail(http, { media_id: target.id, type: target.type === 'VIDEO' ? 'video' : 'audio' });
      return { kind: 'media', item, html: articleHtml(item.media_description), text: descriptionText(item.media_description) };
    }
    if (target.type === 'ARTICLE') {
      const news = await getPublicNewsDetail(http, { news_id: target.id });
      return { kind: 'article', news, html: news.content_restricted ? '' : articleHtml(news.news_content) };
    }
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== 404 && status !== 400) console.error(`The ${target.type} ${target.id} of a QR code could not be loaded`, error);
  }
  return null;
}
