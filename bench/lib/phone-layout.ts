import type { Browser } from 'playwright';

/** The phone screens the readers are checked on, portrait and landscape. */
export const PHONE_SCREENS = [
  { name: '390×844', width: 390, height: 844 },
  { name: '320×640', width: 320, height: 640 },
  { name: '844×390', width: 844, height: 390 },
] as const;

export interface PhoneLayout {
  ok: boolean;
  /** What did not fit, when something did not. */
  problem: string | null;
  /** The PDF page's width as a share of the screen's (fit to width), or null for an EPUB. */
  pageShare: number | null;
}

/**
 * Opens a reader at `url` on a phone screen with touch, waits for its first page, and checks that
 * nothing is wider than the screen (the document, the EPUB rendition), that the Next control is on
 * screen and at least 44 px, and for a PDF how much of the width its page fills.
 */
export async function phoneLayout(browser: Browser, url: string, cookies: Record<string, string>, screen: { width: number; height: number }, timeoutMs = 45_000): Promise<PhoneLayout> {
  const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'id-ID' });
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: new URL(url).origin })));
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForSelector('html[data-reader-painted="true"]', { timeout: timeoutMs });
    // epub.js lays its pages out after the first paint; the layout is judged once it has settled.
    await page.waitForTimeout(1500);
    return await page.evaluate(() => {
      const fail = (problem: string) => ({ ok: false, problem, pageShare: null });
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) return fail(`document ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
      const rendition = document.querySelector('.epub-stage .epub-container');
      if (rendition) {
        const box = rendition.getBoundingClientRect();
        if (box.left < 0 || box.right > innerWidth + 0.5) return fail(`rendition at ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
      const next = [...document.querySelectorAll('button')].find((b) => /^(Berikutnya|Halaman berikutnya)$/.test(b.getAttribute('aria-label') ?? ''));
      if (!next) return fail('no Next control');
      const n = next.getBoundingClientRect();
      if (n.left < 0 || n.right > innerWidth || n.bottom > innerHeight || Math.min(n.width, n.height) < 44) return fail(`Next control at ${Math.round(n.left)},${Math.round(n.top)} ${Math.round(n.width)}×${Math.round(n.height)}`);
      const pdfPage = document.querySelector('[data-page="1"], .pdf-page');
      const pageShare = pdfPage ? pdfPage.getBoundingClientRect().width / innerWidth : null;
      return { ok: true, problem: null, pageShare };
    });
  } catch (error) {
    return { ok: false, problem: (error as Error).message.split('\n')[0]!, pageShare: null };
  } finally {
    await context.close();
  }
}
