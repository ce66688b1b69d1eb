import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';
import { createBook, createCaller, createEpustaka } from '../test/catalogue.ts';
import { BOOK_FILTER_FIELDS } from '../catalogue/books.repository.ts';
import type { FilterField } from '../http/list-params.ts';
import { loadPayloads, percentBytes } from './payloads.ts';

/*
 * Every filter, sort and search parameter against the SQL and encoding payload lists: the API
 * answers 2xx or 4xx, never 5xx; no payload widens a search or changes a table; NUL and text
 * that is not UTF-8 are a coded 400 wherever text comes in (query strings, JSON inside them,
 * JSON bodies). Runs on PGlite and on PostgreSQL.
 */

const SQL = loadPayloads('sql');
const ENCODING = loadPayloads('encoding');

let ctx: TestContext;
let token: string;
let bookId: string;
let counts: Record<string, number>;

const TABLES = ['users', 'books', 'authors', 'categories', 'epustaka', 'epustaka_books', 'districts'];

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { log: () => {} });
  const caller = await createCaller(ctx, { name: 'Pembaca Uji' });
  token = caller.token;
  const epustakaId = await createEpustaka(ctx, { name: 'Pustaka Uji' });
  for (const title of ['Laskar Pelangi', 'Bumi Manusia', 'Ronggeng Dukuh Paruk']) {
    bookId = await createBook(ctx, { title, holdings: [{ epustakaId, copies: 2 }] });
  }
  counts = await tableCounts();
});
afterAll(() => ctx.close());

/** Text fields of a filter allowlist, under every name it accepts, with `eq` and (where allowed) `ilike`. */
function textFilters(fields: Record<string, FilterField>): { name: string; op: 'eq' | 'ilike' }[] {
  const out: { name: string; op: 'eq' | 'ilike' }[] = [];
  for (const [key, spec] of Object.entries(fields)) {
    if (spec.type !== 'text' && spec.type !== 'uuid_or_text') continue;
    for (const name of [key, ...(spec.aliases ?? [])]) {
      out.push({ name, op: 'eq' });
      if (spec.ops.includes('ilike')) out.push({ name, op: 'ilike' });
    }
  }
  return out;
}

const NAME_FILTER: Record<string, FilterField> = { name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['u.name', 'd.name'] } };

/** Each list endpoint with the parameters it reads; `base` fills the ones it needs. */
const LISTS = (): { path: string; base: Record<string, string>; params: string[]; filters: { name: string; op: 'eq' | 'ilike' }[] }[] => [
  { path: '/webhook/book-list', base: {}, params: ['q', 'sort', 'filter'], filters: textFilters(BOOK_FILTER_FIELDS) },
  { path: '/webhook/book-recommendation', base: {}, params: ['q', 'sort', 'filter'], filters: textFilters(BOOK_FILTER_FIELDS) },
  { path: '/webhook/book-category-list', base: {}, params: ['q'], filters: [] },
  { path: '/webhook/book-author-list', base: {}, params: ['q'], filters: [] },
  { path: '/webhook/book-queue', base: { book_id: bookId }, params: ['q'], filters: [] },
  { path: '/webhook/book-borrower-list', base: { book_id: bookId }, params: ['q'], filters: [] },
  { path: '/webhook/collection-owner', base: { book_id: bookId }, params: ['q'], filters: [] },
  { path: '/webhook/follower', base: {}, params: ['q', 'filter'], filters: textFilters(NAME_FILTER).filter((f) => f.name !== 'd.name') },
  { path: '/webhook/district-list', base: {}, params: ['q', 'filter'], filters: textFilters(NAME_FILTER).filter((f) => f.name !== 'u.name') },
];

async function get(path: string, query: string) {
  const res = await createApi(ctx.deps).request(`${path}?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('SQL payloads', () => {
  test.each(LISTS().map((l) => [l.path]))('through every parameter of %s answer 2xx or 4xx and find nothing', { timeout: 300_000 }, async (path) => {
    const list = LISTS().find((l) => l.path === path)!;
    for (const payload of SQL) {
      // Each try, and whether it searches for the payload as text (then it must find nothing).
      const tries: { query: Record<string, string>; searches: boolean }[] = list.params.map((param) => ({ query: { ...list.base, [param]: payload }, searches: param === 'q' }));
      for (const filter of list.filters) {
        const value = filter.op === 'eq' ? payload : { ilike: payload };
        tries.push({ query: { ...list.base, filter: JSON.stringify({ [filter.name]: value }) }, searches: true });
      }
      for (const { query, searches } of tries) {
        const res = await get(path, qs(query));
        expect({ path, query, status: res.status }).toEqual({ path, query, status: res.status < 500 ? res.status : 'a 2xx or 4xx' });
        // LIKE wildcards are matched literally, so no payload matches the books' titles or names.
        if (res.status === 200 && searches && /^\/webhook\/book-(list|recommendation|category-list|author-list)$/.test(path)) {
          expect({ query, total: res.body.meta.total }).toEqual({ query, total: 0 });
        }
      }
    }
  });

  test('left every table as it was', async () => {
    expect(await tableCounts()).toEqual(counts);
  });
});

describe('NUL and text that is not UTF-8', () => {
  test('the seven requests first reported answer 400 invalid_characters', async () => {
    const nulFilter = JSON.stringify({ 'b.catalog_title': { ilike: '%\u0000' } });
    for (const path of ['/webhook/book-list', '/webhook/book-recommendation']) {
      for (const query of ['q=%00', `filter=${encodeURIComponent(nulFilter)}`, `filter=${encodeURIComponent(JSON.stringify({ q: { ilike: '\u0000' } }))}`]) {
        const res = await get(path, query);
        expect({ path, query, status: res.status, code: res.body.errors?.[0]?.code }).toEqual({ path, query, status: 400, code: 'invalid_characters' });
      }
    }
    const search = await get('/webhook/book-list', `q=${encodeURIComponent('Laskar\u0000')}`);
    expect(search.status).toBe(400);
  });

  test.each(LISTS().map((l) => [l.path]))('through every parameter of %s answer 400 invalid_characters', { timeout: 120_000 }, async (path) => {
    const list = LISTS().find((l) => l.path === path)!;
    for (const payload of ENCODING) {
      const base = qs(list.base);
      for (const param of list.params) {
        const res = await get(path, `${base ? `${base}&` : ''}${param}=${payload}`);
        expect({ path, param, payload, status: res.status, code: res.body.errors?.[0]?.code }).toEqual({ path, param, payload, status: 400, code: 'invalid_characters' });
      }
    }
    // JSON escapes inside a filter spell what the query string could not carry.
    for (const filter of list.filters) {
      for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff']) {
        const value = filter.op === 'eq' ? text : { ilike: text };
        const res = await get(path, qs({ ...list.base, filter: JSON.stringify({ [filter.name]: value }) }));
        expect({ filter, text, status: res.status, code: res.body.errors?.[0]?.code }).toEqual({ filter, text, status: 400, code: 'invalid_characters' });
      }
    }
  });

  test('in a JSON body, as escapes or as raw bytes, on every route that takes text', async () => {
    const app = createApi(ctx.deps);
    const send = (method: string, path: string, body: BodyInit) =>
      app.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    const routes: [string, string, (text: string) => unknown][] = [
      ['PUT', '/auth/account', (text) => ({ scope: 'profile', data: { bio: text } })],
      ['POST', '/webhook/book-rating', (text) => ({ book_id: bookId, rating_level: 5, review: text })],
      ['POST', '/auth/login', (text) => ({ email: 'a@b.id', password: text })],
      ['POST', '/auth/register', (text) => ({ provider: 'local', data: { email: 'x@y.id', password: 'sandi-rahasia', extras: { name: text, district_id: '32.73.01' } } })],
      ['POST', '/webhook/sync-bookmark', (text) => ({ book_id: bookId, data: [{ book_id: bookId, page: 1, bookmark_label: text }] })],
      ['POST', '/auth/reset-password-ticket', (text) => ({ email: text })],
    ];
    for (const [method, path, body] of routes) {
      for (const text of ['\u0000', 'halo\u0000', '\ud800']) {
        const res = await send(method, path, JSON.stringify(body(text)));
        expect({ path, text, status: res.status, code: (await res.json()).errors?.[0]?.code }).toEqual({ path, text, status: 400, code: 'invalid_characters' });
      }
      for (const line of ENCODING) {
        const json = Buffer.from(JSON.stringify(body('@@')));
        const at = json.indexOf('@@');
        const bytes = Buffer.concat([json.subarray(0, at), Buffer.from(percentBytes(line)), json.subarray(at + 2)]);
        const res = await send(method, path, bytes);
        const text = await res.text();
        // A raw NUL byte makes the JSON itself malformed; every other line is bytes that are not UTF-8.
        const expected = line.includes('%00') && !/%[89A-F][0-9A-F]/i.test(line) ? ['invalid_json', 'invalid_characters'] : ['invalid_characters'];
        expect({ path, line, status: res.status, ok: expected.includes(JSON.parse(text).errors?.[0]?.code) }).toEqual({ path, line, status: 400, ok: true });
      }
    }
  });
});
