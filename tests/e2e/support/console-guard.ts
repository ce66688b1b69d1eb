import { expect, test as base, type BrowserContextOptions, type Page } from 'playwright/test';

/*
 * Every test using this `test` fails on any console error, uncaught exception or content security
 * policy violation of its pages, chapter frames included (the browser logs every refused inline
 * style or script as a console error). A test that provokes an error on purpose names it with
 * `allowErrors`. No script is added to the pages: the chapter frames are sandboxed without
 * scripts, and a script added there would itself be refused and logged.
 */

/**
 * Playwright's own helper scripts, which it tries to run in the chapter frames to find elements
 * there, are refused by the frames' sandbox (no scripts); the browser logs that as an error. The
 * page never runs a script there itself.
 */
const TOOLING = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/** Collects the console errors, uncaught exceptions and policy violations of `page` into `errors`. */
export function guardPage(page: Page, errors: string[], allowErrors: RegExp | null = null): void {
  const allowed = (text: string) => TOOLING.test(text) || Boolean(allowErrors?.test(text));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url}:${message.location().lineNumber})`;
    if (!allowed(text)) errors.push(text);
  });
  page.on('pageerror', (error) => {
    const text = `uncaught: ${error.stack ?? error.message}`;
    if (!allowed(text)) errors.push(text);
  });
}

/** Opens a page in a browser context of its own (`options` over the project's own), guarded like the test's page. */
export type OpenPage = (options?: BrowserContextOptions, allowErrors?: RegExp | null) => Promise<Page>;

export const test = base.extend<{ allowErrors: RegExp | null; consoleGuard: void; openPage: OpenPage }>({
  allowErrors: [null, { option: true }],
  consoleGuard: [
    async ({ page, allowErrors }, use) => {
      const errors: string[] = [];
      guardPage(page, errors, allowErrors);
      await use();
      expect(errors, 'console errors and policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // Pages of other people or other screens in one test: their errors fail the test like the page's.
  openPage: async ({ browser, baseURL, locale }, use) => {
    const errors: string[] = [];
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options = {}, allowErrors = null) => {
      const context = await browser.newContext({ baseURL, locale, ...options });
      contexts.push(context);
      const page = await context.newPage();
      guardPage(page, errors, allowErrors);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
    expect(errors, 'console errors and policy violations of the other pages').toEqual([]);
  },
});

export { expect };
