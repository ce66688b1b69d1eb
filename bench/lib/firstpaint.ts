import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { MOBILE, SLOW_4G } from './chromium.ts';

/*
 * Time to the first painted page of a reader, under Lighthouse's slow 4G and a 4x slower CPU
 * applied through DevTools, on a mobile viewport; and the bytes received before it.
 *
 * "Painted" is decided the same way for every reader, in the page: a visible canvas of at least
 * 100×100 px with ink on it (PDF readers draw pages on canvases), or a visible iframe or reader
 * element whose document shows at least 200 characters of text or a loaded picture of at least
 * 100×100 px, such as a cover (EPUB readers). A probe checks
 * every 50 ms and reports through a binding; the clock is the bench's, from the start of the
 * navigation to the report.
 *
 * For PDF readers two more times: "first page visible" counts a picture of the page (the ingest's
 * picture of page 1) once it is drawn at the size pdf.js then draws the page at, and sharp at the
 * device pixel ratio (natural size ≥ 95% of its displayed size × DPR), else the page's canvas;
 * "first page drawn by pdf.js" waits for the page's text layer too (text selectable).
 */

const PROBE = `(() => {
  if (window.top !== window) return;
  let done = false;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width >= 100 && r.height >= 100 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth
      && getComputedStyle(el).visibility !== 'hidden';
  };
  const sample = document.createElement('canvas');
  sample.width = sample.height = 24;
  const inked = (canvas) => {
    try {
      if (canvas.width < 100 || canvas.height < 100 || !visible(canvas)) return false;
      const ctx = sample.getContext('2d', { willReadFrequently: true });
      ctx.clearRect(0, 0, 24, 24);
      ctx.drawImage(canvas, 0, 0, 24, 24);
      const d = ctx.getImageData(0, 0, 24, 24).data;
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i] + d[i + 1] + d[i + 2] < 600) ink++;
      return ink >= 3;
    } catch { return false; }
  };
  // A document shows a page when it has 200 characters of text or a drawn picture (a cover).
  const shown = (root) => {
    try {
      if (!root) return false;
      const body = root.body || root;
      if (body.innerText && body.innerText.trim().length >= 200) return true;
      for (const img of body.querySelectorAll('img, image')) {
        const r = img.getBoundingClientRect();
        const ready = img.tagName.toLowerCase() === 'img' ? img.complete && img.naturalWidth > 0 : true;
        if (ready && r.width >= 100 && r.height >= 100) return true;
      }
      return false;
    } catch { return false; }
  };
  // The sharp picture on screen now, reported again whenever its size changes.
  let picture = '';
  const checkPicture = () => {
    const dpr = window.devicePixelRatio || 1;
    for (const img of document.querySelectorAll('img')) {
      if (!img.complete || !img.naturalWidth || !visible(img)) continue;
      const r = img.getBoundingClientRect();
      if (img.naturalWidth < r.width * dpr * 0.95 || img.naturalHeight < r.height * dpr * 0.95) continue;
      const size = JSON.stringify({ width: Math.round(r.width), height: Math.round(r.height) });
      if (size !== picture && window.__benchPicture) window.__benchPicture(size);
      picture = size;
      return;
    }
  };
  let texted = false;
  const checkText = () => {
    for (const layer of document.querySelectorAll('.textLayer')) {
      if (visible(layer) && (layer.textContent || '').trim().length >= 20) {
        texted = true;
        return window.__benchText && window.__benchText();
      }
    }
  };
  const check = () => {
    if (!done) checkPicture();
    else if (!texted) checkText();
    if (done) return;
    for (const c of document.querySelectorAll('canvas')) {
      if (inked(c)) {
        const r = c.getBoundingClientRect();
        return report('canvas', JSON.stringify({ width: Math.round(r.width), height: Math.round(r.height) }));
      }
    }
    for (const f of document.querySelectorAll('iframe')) if (visible(f) && shown(f.contentDocument)) return report('iframe');
    for (const el of document.querySelectorAll('[data-reader-content], [data-epub-content]')) {
      if (visible(el) && shown(el)) return report('element');
    }
  };
  const report = (how, size = '') => {
    done = true;
    requestAnimationFrame(() => window.__benchPainted && window.__benchPainted(how, size));
  };
  const timer = setInterval(() => { if (done && texted) clearInterval(timer); else check(); }, 50);
})();`;

export interface FirstPaint {
  ok: boolean;
  ms: number;
  /** All bytes received before the first page, and those of book data (by URL). */
  bytes: number;
  bookBytes: number;
  how: string;
  /** PDF readers: the first page visible (a sharp picture at the page's size, else the page drawn). */
  visibleMs?: number;
  /** PDF readers: the first page drawn by pdf.js with its text layer. */
  textMs?: number;
  error?: string;
}

type Size = { width: number; height: number };
/** Within 3% on both sides: the picture sits where the page is drawn. */
const sameSize = (a: Size, b: Size) => Math.abs(a.width - b.width) <= 0.03 * b.width && Math.abs(a.height - b.height) <= 0.03 * b.height;

/** Counts received bytes per request through the DevTools protocol. */
function byteCounter(cdp: CDPSession, isBookData: (url: string) => boolean) {
  const perRequest = new Map<string, { url: string; received: number; finished: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!perRequest.has(e.requestId)) perRequest.set(e.requestId, { url: e.request.url, received: 0, finished: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = perRequest.get(e.requestId);
    if (r) r.received += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = perRequest.get(e.requestId);
    if (r) r.finished = e.encodedDataLength;
  });
  return () => {
    let bytes = 0;
    let bookBytes = 0;
    for (const r of perRequest.values()) {
      const n = Math.max(r.received, r.finished);
      bytes += n;
      if (isBookData(r.url)) bookBytes += n;
    }
    return { bytes, bookBytes };
  };
}

async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: SLOW_4G.downloadBytesPerSecond,
    uploadThroughput: SLOW_4G.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
  return cdp;
}

/** One throttled load of `url` in `context` until its first page is painted (or `timeoutMs`). */
async function loadOnce(context: BrowserContext, url: string, isBookData: (url: string) => boolean, timeoutMs: number, throttled: boolean, pdf = false): Promise<FirstPaint> {
  const page = await context.newPage();
  try {
    const cdp = throttled ? await throttle(context, page) : await context.newCDPSession(page);
    if (!throttled) await cdp.send('Network.enable');
    const counted = byteCounter(cdp, isBookData);
    let started = 0;
    let picture: { ms: number; size: Size } | null = null;
    let canvas: Size | null = null;
    await page.exposeBinding('__benchPicture', (_source, size: string) => {
      picture = { ms: performance.now() - started, size: JSON.parse(size) as Size };
    });
    const text = new Promise<number>((resolve) => {
      void page.exposeBinding('__benchText', () => resolve(performance.now() - started));
    });
    const painted = new Promise<FirstPaint>((resolve) => {
      void page.exposeBinding('__benchPainted', (_source, how: string, size: string) => {
        if (size) canvas = JSON.parse(size) as Size;
        resolve({ ok: true, ms: performance.now() - started, ...counted(), how });
      });
    });
    await page.addInitScript(PROBE);
    started = performance.now();
    const navigation = page.goto(url, { waitUntil: 'commit', timeout: timeoutMs }).catch((error: Error) => error);
    const timeout = new Promise<FirstPaint>((resolve) =>
      setTimeout(() => resolve({ ok: false, ms: NaN, ...counted(), how: '', error: `no page painted within ${timeoutMs / 1000} s` }), timeoutMs),
    );
    const result = await Promise.race([painted, timeout]);
    const nav = await navigation;
    if (!result.ok && nav instanceof Error) result.error = nav.message;
    if (pdf && result.ok) {
      const shown = picture as { ms: number; size: Size } | null;
      const drawn = canvas as Size | null;
      result.visibleMs = shown && drawn && shown.ms <= result.ms && sameSize(shown.size, drawn) ? shown.ms : result.ms;
      result.textMs = await Promise.race([text, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), timeoutMs))]);
    }
    return result;
  } finally {
    await page.close().catch(() => {});
  }
}

/**
 * Time to the first painted page: with an empty cache (a new browser context), or with the code
 * already cached (the same context after one unthrottled visit). Cookies are set on the origin.
 */
export async function firstPaint(
  browser: Browser,
  url: string,
  options: { cached: boolean; cookies?: Record<string, string>; isBookData: (url: string) => boolean; timeoutMs?: number; pdf?: boolean },
): Promise<FirstPaint> {
  const context = await browser.newContext({ ...MOBILE });
  const origin = new URL(url).origin;
  await context.addCookies(Object.entries(options.cookies ?? {}).map(([name, value]) => ({ name, value, url: origin })));
  const timeoutMs = options.timeoutMs ?? 45_000;
  try {
    if (options.cached) {
      const warm = await loadOnce(context, url, options.isBookData, timeoutMs, false);
      if (!warm.ok) return { ...warm, error: `warm-up: ${warm.error}` };
      // Let the warm-up's own requests settle into the cache.
      await new Promise((r) => setTimeout(r, 1500));
    }
    return await loadOnce(context, url, options.isBookData, timeoutMs, true, options.pdf);
  } finally {
    await context.close();
  }
}
