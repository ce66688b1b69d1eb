import type { Browser, BrowserContextOptions } from 'playwright';

/** Bytes Chromium received for one page load, by kind (wire bytes: compressed bodies and headers). */
export interface PageWeight {
  status: number;
  html: number;
  css: number;
  js: number;
  other: number;
  requests: number;
  /** Content-Encoding of the HTML, CSS and JS answers ('identity' when none). */
  encodings: string[];
  /** Each script: its address (path on the page's origin) and wire bytes. */
  scripts: { path: string; bytes: number }[];
}

/** The React runtime's files: the react-runtime chunk and Astro's React renderer (its `client` entry). */
export const REACT_RUNTIME = /^\/_astro\/(react-runtime|client)\.[\w-]+\.js$/;

/** A page's JavaScript split into the React runtime (shared, cached across routes) and the rest, the route's own. */
export function splitRuntime(weight: PageWeight): { runtime: number; own: number } {
  let runtime = 0;
  for (const script of weight.scripts) if (REACT_RUNTIME.test(script.path)) runtime += script.bytes;
  return { runtime, own: weight.js - runtime };
}

/**
 * Loads `url` in a fresh browser context (empty cache) and sums what the network delivered, from
 * the DevTools protocol's loadingFinished.encodedDataLength, by resource type.
 */
export async function measureWeight(browser: Browser, url: string, options: BrowserContextOptions = {}, cookies: Record<string, string> = {}): Promise<PageWeight> {
  const context = await browser.newContext(options);
  const origin = new URL(url).origin;
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin })));
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, { type: string; encoding: string; path: string }>();
    const weight: PageWeight = { status: 0, html: 0, css: 0, js: 0, other: 0, requests: 0, encodings: [], scripts: [] };
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      types.set(e.requestId, { type: e.type, encoding: headers['content-encoding'] ?? 'identity', path: new URL(e.response.url).pathname });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const info = types.get(e.requestId);
      if (!info) return;
      weight.requests += 1;
      const bytes = e.encodedDataLength;
      if (info.type === 'Document') weight.html += bytes;
      else if (info.type === 'Stylesheet') weight.css += bytes;
      else if (info.type === 'Script') {
        weight.js += bytes;
        weight.scripts.push({ path: info.path, bytes });
      }
      else weight.other += bytes;
      if (['Document', 'Stylesheet', 'Script'].includes(info.type)) weight.encodings.push(`${info.type}:${info.encoding}`);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    weight.status = response?.status() ?? 0;
    // Late modules (islands hydrating on idle or visible) get a moment to arrive.
    await page.waitForTimeout(1000);
    weight.encodings = [...new Set(weight.encodings)];
    return weight;
  } finally {
    await context.close();
  }
}
