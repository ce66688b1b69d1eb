import { describe, expect, test } from 'vitest';
import { graphemeCount, graphemes } from '../contract/shorten.ts';
import { HARD_TEXTS } from './test-texts.ts';
import { excerpt, needsReadMore, shortText } from '../contract/text.ts';
import { newsArticleJsonLd } from '../seo/content.ts';
import { cutCitation } from '../reader/reading.ts';
import { initials } from '../account/avatar.ts';
import { parseSearchQuery } from '../search/rules.ts';
import { parsePublicBookQuery } from '../catalogue/public-books-rules.ts';
import { parseContentListQuery } from '../media/content-list.ts';
import { parseBookQuery } from '../catalogue/book.ts';
import { guard } from '../site/routes.ts';
import { wrapText } from '../qr/print.server.ts';
import type { NewsItem } from '../articles/schema.ts';

/*
 * Every field the web app shortens (excerpts and meta descriptions, titles, JSON-LD headlines,
 * printed labels, citations, initials, search words taken from the address), fed emoji, joined
 * emoji, flags, combining marks and right-to-left scripts: each comes out well-formed, as a
 * beginning of the text made of whole graphemes (an ellipsis aside).
 */

function expectWholeGraphemes(short: string, whole: string, max?: number) {
  expect(short.isWellFormed(), JSON.stringify(short)).toBe(true);
  if (max !== undefined) expect(graphemeCount(short)).toBeLessThanOrEqual(max);
  const kept = graphemes(short.endsWith('…') ? short.slice(0, -1) : short);
  expect(kept, JSON.stringify(short)).toEqual(graphemes(whole).slice(0, kept.length));
}

describe.each(HARD_TEXTS.map((text) => [graphemes(text, 8).join(''), text]))('%s', (_name, text) => {
  const oneLine = text.replace(/\s+/g, ' ').trim();

  test('excerpts, meta descriptions and short titles', () => {
    for (const max of [10, 75, 160]) expectWholeGraphemes(excerpt(text, max), oneLine, max + 1);
    expect(needsReadMore(text)).toBe(graphemeCount(oneLine) > 75);
    expectWholeGraphemes(shortText(text), text, 50);
  });

  test('the JSON-LD headline, printed label lines and citations', () => {
    const headline = newsArticleJsonLd({ id: 'n', news_title: text, created_at: '', updated_at: '' } as NewsItem, { url: 'u', origin: 'https://e.id', description: '', organization: 'o', logo: 'l' }).headline as string;
    expectWholeGraphemes(headline, text, 110);
    for (const line of wrapText(text, 22, 3)) {
      expect(line.isWellFormed()).toBe(true);
      expect(graphemeCount(line)).toBeLessThanOrEqual(22);
      for (const grapheme of graphemes(line.replace(/…$/, ''))) expect(graphemes(text)).toContain(grapheme);
    }
    expectWholeGraphemes(cutCitation(`${text} ${text}`.repeat(3)), `${text} ${text}`.repeat(3).replace(/\s+/g, ' ').trim(), 525);
    expect(graphemes(initials(text)).every((g) => graphemes(text.toLocaleUpperCase('id')).includes(g))).toBe(true);
  });

  test('search words taken from the address', () => {
    const params = new URLSearchParams({ q: text.repeat(3), author: text.repeat(3) });
    expectWholeGraphemes(parseSearchQuery(params).q, text.repeat(3).replace(/\s+/g, ' ').trim());
    expectWholeGraphemes(parsePublicBookQuery(params).q, text.repeat(3).trim());
    expectWholeGraphemes(parseContentListQuery(params, 10).q ?? '', text.repeat(3).trim());
    expectWholeGraphemes(parseBookQuery(params).q ?? '', text.repeat(3).trim());
    expectWholeGraphemes(parseBookQuery(params).author ?? '', text.repeat(3).trim());
    const to = guard('/search', `?${params.toString()}`, { authenticated: false, verified: false });
    const location = to.kind === 'redirect' ? new URL(to.location, 'https://e.id').searchParams.get('q') : null;
    expectWholeGraphemes(location ?? '', text.repeat(3).trim());
  });
});
