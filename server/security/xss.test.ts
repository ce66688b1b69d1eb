import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createBook, createCaller, createEpustaka } from '../test/catalogue.ts';
import { verificationMail } from '../accounts/messages.ts';
import { descriptionHtml, descriptionText } from '../../src/lib/contract/sanitize.server.ts';
import { bookJsonLd, jsonForScript } from '../../src/lib/seo/book-page.ts';
import { Comment } from '../../src/islands/catalogue/Comment.tsx';
import { I18nRoot } from '../../src/islands/shell/I18nRoot.tsx';
import { DEFAULT_LANG } from '../../src/lib/contract/lang.ts';
import '../../src/lib/i18n/texts.server.ts';
import { loadPayloads } from './payloads.ts';
import { createApi } from '../app.ts';

/*
 * Every XSS payload through every stored text field: the API keeps it as the same text, and
 * every place that writes stored text into markup (the review and people islands, the
 * description, JSON-LD, the generated cover, the mails) escapes it, so no tag, handler or
 * script URL of the payload survives.
 */

const XSS = loadPayloads('xss');

let ctx: TestContext;
let caller: { id: string; token: string };
let bookId: string;
let reviewId: string;
let replyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { log: () => {} });
  caller = await createCaller(ctx, { name: 'Pembaca Uji' });
  const epustakaId = await createEpustaka(ctx, { name: 'Pustaka Umum' });
  bookId = await createBook(ctx, { title: 'Laskar Pelangi', usingDrm: false, holdings: [{ epustakaId, copies: 0 }] });
  await ctx.db.query('INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, due_at, returned_at) VALUES ($1, $2, $3, $4, now(), now())', [
    caller.id, bookId, epustakaId, randomBytes(12).toString('hex'),
  ]);
  const review = await ctx.request('POST', '/webhook/book-rating', { token: caller.token, body: { book_id: bookId, rating_level: 4, rating_comment: 'Bagus' } });
  expect(review.status).toBe(201);
  reviewId = review.body.data.id;
  const reply = await ctx.request('POST', '/webhook/book-rating', { token: caller.token, body: { book_id: bookId, parent_id: reviewId, rating_comment: 'Setuju' } });
  replyId = reply.body.data.id;
});
afterAll(() => ctx.close());

/** The element names a payload spells (`<img ...>` → img), lower-cased. */
function tagNamesOf(payload: string): Set<string> {
  return new Set([...payload.matchAll(/<\s*([a-zA-Z][\w:-]*)/g)].map((m) => m[1]!.toLowerCase()));
}

/** Elements and attributes of `html` as a browser's tokenizer reads them (sanitize-html's parser). */
function parse(html: string): { tags: Map<string, number>; attributes: [string, string, string][] } {
  const tags = new Map<string, number>();
  const attributes: [string, string, string][] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      tags.set(name, (tags.get(name) ?? 0) + 1);
      for (const [key, value] of Object.entries(attribs)) attributes.push([name, key.toLowerCase(), value]);
    },
  });
  parser.write(html);
  parser.end();
  return { tags, attributes };
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'poster']);

/**
 * Fails unless `html` is inert with respect to `payload`: no element the payload names appears
 * more often than in `baseline` (the same markup around harmless text, whose own icons may share
 * a name with a payload's tags) unless `allowed` lets it through, no element runs script, no attribute is an event handler, and
 * no URL attribute holds a script or data URL.
 */
function expectInert(where: string, html: string, payload: string, baseline: string, allowed: ReadonlySet<string> = new Set()) {
  const context = { where, payload };
  const found = parse(html);
  const base = parse(baseline);
  const injected = [...tagNamesOf(payload)].filter((name) => !allowed.has(name) && (found.tags.get(name) ?? 0) > (base.tags.get(name) ?? 0));
  const scripts = (found.tags.get('script') ?? 0) - (base.tags.get('script') ?? 0);
  const handlers = found.attributes.filter(([, key]) => key.startsWith('on') || key === 'srcdoc').map(([tag, key]) => `${tag} ${key}`);
  const urls = found.attributes
    .filter(([, key, value]) => URL_ATTRIBUTES.has(key) && /^(?:javascript|vbscript|data):/i.test(value.replace(/[\u0000-\u0020]/g, '')))
    .map(([tag, key, value]) => `${tag} ${key}=${value}`);
  expect({ ...context, injected, scripts, handlers, urls }).toEqual({ ...context, injected: [], scripts: 0, handlers: [], urls: [] });
}

const HARMLESS = 'Teks biasa';

/** The formatting a description may keep (src/lib/contract/sanitize.server.ts); links lose any script URL. */
const DESCRIPTION_FORMATTING = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'a']);

/** Renders an island as the server does, in the default language. */
function render(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(createElement(I18nRoot, { lang: DEFAULT_LANG, children: element }));
}

describe('reviews and replies', () => {
  test('are kept as text and rendered escaped', { timeout: 300_000 }, async () => {
    for (const payload of XSS) {
      for (const id of [reviewId, replyId]) {
        const res = await ctx.request('PUT', '/webhook/book-rating', { token: caller.token, body: { rating_id: id, rating_level: 4, rating_comment: payload } });
        expect({ payload, status: res.status }).toEqual({ payload, status: 200 });
      }
      const list = await ctx.request('GET', `/webhook/book-rating?book_id=${bookId}`, { token: caller.token });
      const review = list.body.data.find((r: { id: string }) => r.id === reviewId);
      expect(review.rating_comment).toBe(payload.trim());
      const comment = (rating: object, text: string) => render(createElement(Comment, { rating: { ...rating, rating_comment: text } as never, viewerId: 'someone-else' }));
      expectInert('review', comment(review, review.rating_comment), payload, comment(review, HARMLESS));
      const detail = await ctx.request('GET', `/webhook/book-rating-detail?rating_id=${reviewId}`, { token: caller.token });
      const reply = detail.body.data.reply.find((r: { id: string }) => r.id === replyId);
      expect(reply.rating_comment).toBe(payload.trim());
      expectInert('reply', comment(reply, reply.rating_comment), payload, comment(reply, HARMLESS));
    }
  });
});

describe('profiles', () => {
  test('name, bio and address are kept as text and rendered escaped', { timeout: 300_000 }, async () => {
    for (const payload of XSS) {
      // A name must start with a letter; the rest of it may be anything.
      const name = `A${payload}`.slice(0, 100);
      const res = await ctx.request('PUT', '/auth/account', { token: caller.token, body: { scope: 'profile', data: { name, bio: payload, address: payload.slice(0, 300) } } });
      expect({ payload, status: res.status }).toEqual({ payload, status: 200 });
      const profile = (await ctx.request('GET', '/auth/profile', { token: caller.token })).body.data;
      expect(profile.name).toBe(name.trim());
      expect(profile.bio).toBe(payload.trim());
      // The name shows with the reviews its owner wrote.
      const list = await ctx.request('GET', `/webhook/book-rating?book_id=${bookId}`, { token: caller.token });
      const review = list.body.data.find((r: { id: string }) => r.id === reviewId);
      expect(review.sender.name).toBe(name.trim());
      const byName = (text: string) => render(createElement(Comment, { rating: { ...review, sender: { ...review.sender, name: text } }, viewerId: 'someone-else' }));
      expectInert('review author', byName(review.sender.name), name, byName(HARMLESS));
      const mail = (text: string) => verificationMail('id', 'ePustaka', text, 'https://app.test/email-verified?token=t').html;
      expectInert('verification mail', mail(profile.name), name, mail(HARMLESS));
    }
  });
});

describe('book texts written by librarians', () => {
  test('title, author and description are escaped in the description, JSON-LD and the cover', { timeout: 300_000 }, async () => {
    const epustakaId = await createEpustaka(ctx, { name: 'Pustaka Terbuka' });
    const api = createApi(ctx.deps);
    const harmless = await createBook(ctx, { title: HARMLESS, usingDrm: false, holdings: [{ epustakaId, copies: 0 }] });
    const harmlessCover = await (await api.request(`/storage/covers/${harmless}.svg`)).text();
    for (const payload of XSS) {
      const id = await createBook(ctx, { title: payload, usingDrm: false, holdings: [{ epustakaId, copies: 0 }] });
      await ctx.db.query('UPDATE books SET description = $2, publisher = $2 WHERE id = $1', [id, payload]);
      const detail = (await ctx.request('GET', `/webhook/public-book-detail?book_id=${id}`)).body.data;
      expect(detail.book_title).toBe(payload);
      expectInert('description', descriptionHtml(detail.book_description), payload, descriptionHtml(HARMLESS), DESCRIPTION_FORMATTING);
      expect(descriptionText(detail.book_description)).not.toMatch(/<[a-z]/i);
      const jsonLd = jsonForScript(bookJsonLd(detail, { url: 'https://app.test/book/x', image: null, description: descriptionText(detail.book_description), organization: 'ePustaka' }));
      expect({ payload, markup: /[<>]/.test(jsonLd) }).toEqual({ payload, markup: false });
      expect(JSON.parse(jsonLd).name).toBe(payload);
      const svg = await api.request(`/storage/covers/${id}.svg`);
      expect(svg.status).toBe(200);
      expect(svg.headers.get('content-security-policy')).toContain('sandbox');
      expectInert('cover', await svg.text(), payload, harmlessCover);
    }
  });
});
