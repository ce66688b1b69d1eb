import type { Queryable } from '../db/client.ts';
import type { NewsDetail } from '../../src/lib/articles/schema.ts';
import { decideRead, decideView } from '../access/content-access.ts';
import { notFound } from '../http/errors.ts';
import { recordAccess } from '../shelf/history.repository.ts';
import { excerpt } from '../../src/lib/contract/text.ts';
import { ARTICLE_TEASER_CHARS } from '../../src/lib/media/rules.ts';
import { descriptionText } from '../../src/lib/contract/sanitize.server.ts';
import { articleHtml } from '../../src/lib/contract/article.server.ts';
import { NEWS_HOLDINGS } from './holdings.ts';
import { findNews, toNewsItem } from './news.repository.ts';

/** Who reads: a signed-in user, or null for a visitor. */
export interface NewsReader {
  userId: string;
  organizationId: string;
}

const NOT_FOUND = () => notFound('news_not_found', 'The article could not be found.');

/**
 * An article as the reader may see it (spec 03 §2.11). Someone the access rule does not let read
 * it gets only a teaser cut here, so the rest of the text never leaves the server. A signed-in
 * reader who may read it has the open recorded in their history. A visitor sees only articles a
 * public ePustaka holds.
 */
export async function openNews(
  db: Queryable,
  input: { newsId: string; epustakaId: string | null; reader: NewsReader | null; organizationId: string; now: Date },
): Promise<NewsDetail> {
  const { reader, now } = input;
  const row = await findNews(db, input.newsId, reader?.userId ?? null, input.epustakaId, now);
  if (!row) throw NOT_FOUND();
  const org = reader?.organizationId ?? input.organizationId;
  if (row.organization_id !== org) throw NOT_FOUND();
  const item = { id: row.id, organizationId: row.organization_id, drm: false };
  if (!reader) {
    const view = await decideView(db, item, null, now, NEWS_HOLDINGS);
    if (!view.allowed || view.audience !== 'public') throw NOT_FOUND();
  }
  const decision = await decideRead(db, item, reader, now, NEWS_HOLDINGS);
  const detail: NewsDetail = {
    ...toNewsItem(row),
    // Stored HTML leaves the API cleaned: no scripts, event handlers, frames or javascript: links.
    news_content: decision.allowed ? articleHtml(row.news_content) : teaser(row.news_content),
    content_restricted: !decision.allowed,
  };
  if (reader && decision.allowed) {
    await recordAccess(db, { userId: reader.userId, objectType: 'ARTICLE', objectId: row.id, epustakaId: row.hold_epustaka_id, progress: 0, at: now });
  }
  return detail;
}

/** The opening words of an article as plain text, about what fills the spec's 200 px box. */
export function teaser(html: string): string {
  return excerpt(descriptionText(html), ARTICLE_TEASER_CHARS);
}
