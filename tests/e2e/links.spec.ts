import { expect, request, test, type APIRequestContext, type Page } from 'playwright/test';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { PROFILE_TABS } from '../../src/lib/people/rules.ts';

/*
 * The dead-link crawl: from / (signed out and signed in), every same-origin link of the pages
 * reached, bounded, must answer 200 (after redirects). The app menu is opened on every page so its
 * entries, rendered only while it is open, are checked too.
 *
 * E2E_CRAWL_SKIP (comma-separated path prefixes) leaves pages out of a local run, for a page that
 * another branch brings.
 */

const MAX_PAGES = 25;
/** Pages of one kind visited at most (one book page stands for the others). */
const MAX_PER_KIND = 3;

/**
 * Signed-in pages the crawl starts from besides /, visited first whatever the budget (which
 * grows by as many): the search (every tab), the profile (every tab), timeline, notification and
 * friendship screens, the history screens and the offline page. The crawled student has every
 * kind of history (books, video, audio, articles, reviews, posts), so each profile tab has links.
 */
const SIGNED_IN_STARTS = ['/search?q=a', '/search?q=dongeng&tab=audio', '/search?q=buku&tab=video', '/search?q=a&tab=user', '/search?tab=user', '/profile', ...PROFILE_TABS.map((tab) => `/profile?tab=${tab}`), '/timeline', '/notifications-detail', '/friendship', '/friendship?tab=following', '/books-profile', '/more-history-video', '/more-history-audio', '/more-article-history', '/more-epustaka', '/membership', '/offline'];
const SKIP = (process.env.E2E_CRAWL_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** A page's kind: its path (the first segment and whether more follow) and its tab, so each tab of a page is visited. */
function kindOf(url: URL): string {
  const [first = '', second] = url.pathname.split('/').filter(Boolean);
  const tab = url.searchParams.get('tab');
  return `${second ? `/${first}/*` : `/${first}`}${tab ? `?tab=${tab}` : ''}`;
}

async function linksOn(page: Page, origin: string): Promise<string[]> {
  // Menus that render their entries only while open.
  const apps = page.getByRole('button', { name: 'Menu aplikasi' });
  if (await apps.count()) {
    await apps.first().click();
    await expect(page.locator('#app-menu-panel a').first()).toBeVisible();
  }
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  if (await apps.count()) await page.keyboard.press('Escape');
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:'))
    .map((url) => {
      url.hash = '';
      return url.toString();
    });
}

/** The language switch sets a cookie: it is followed without the crawl's session, so the crawl stays in one language. */
let detached: APIRequestContext | null = null;
async function get(page: Page, link: string) {
  if (new URL(link).pathname !== '/lang') return page.request.get(link);
  detached ??= await request.newContext();
  return detached.get(link);
}

async function crawl(page: Page, origin: string, starts: string[] = []): Promise<{ checked: number; dead: string[] }> {
  const queue = [...starts, '/'].map((path) => `${origin}${path}`);
  const seen = new Set<string>(queue);
  const perKind = new Map<string, number>();
  const status = new Map<string, number>();
  const dead: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES + starts.length) {
    const next = queue.shift()!;
    const url = new URL(next);
    if (SKIP.some((prefix) => url.pathname.startsWith(prefix))) continue;
    // Check every link once: the status after following redirects.
    if (!status.has(next)) {
      const res = await get(page, next);
      status.set(next, res.status());
      if (res.status() !== 200) dead.push(`${next} → ${res.status()}`);
      if (res.status() !== 200 || !(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    }
    // Visit a bounded number of pages of each kind, and never the sign-out or language switch.
    const kind = kindOf(url);
    if ((perKind.get(kind) ?? 0) >= MAX_PER_KIND || ['/logout', '/lang'].includes(url.pathname)) continue;
    if (url.pathname.startsWith('/read-book')) continue;
    perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
    visited += 1;
    await page.goto(next);
    await hydrated(page);
    for (const link of await linksOn(page, origin)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  // Links found but not reached by the page budget are still checked.
  for (const link of seen) {
    if (status.has(link) || SKIP.some((prefix) => new URL(link).pathname.startsWith(prefix))) continue;
    if (new URL(link).pathname === '/logout') continue;
    const res = await get(page, link);
    status.set(link, res.status());
    if (res.status() !== 200) dead.push(`${link} → ${res.status()}`);
  }
  return { checked: status.size, dead };
}

test.describe('no dead links', () => {
  test('signed out, every link from / answers 200', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    // A public library page is reached from outside (search engines, shared links), not from /; the
    // public book list is visited whatever the budget.
    const libraries = (await (await page.request.get('/webhook/public-epustaka-sitemap')).json()).data as { id: string }[];
    const { checked, dead } = await crawl(page, new URL(baseURL!).origin, [`/epustaka/${libraries[0]!.id}`, '/books']);
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(3);
  });

  test('signed in, every link from / answers 200, menus included', async ({ page, baseURL }) => {
    // Every tab of two profiles is visited besides the other starts: about 40 pages and their links.
    test.setTimeout(480_000);
    await signIn(page, demoUsers.siswa);
    // Another member's profile, every tab: Rina has read an article too.
    const people = (await (await page.request.get('/webhook/search-user', { params: { q: 'Rina' } })).json()).data as { id: string }[];
    expect(people.length).toBeGreaterThan(0);
    const other = PROFILE_TABS.map((tab) => `/profil/user/${people[0]!.id}?tab=${tab}`);
    const { checked, dead } = await crawl(page, new URL(baseURL!).origin, [...SIGNED_IN_STARTS, ...other]);
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
