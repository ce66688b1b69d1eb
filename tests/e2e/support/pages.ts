import { expect, type Page } from 'playwright/test';

/**
 * Waits until the page's islands (all but those that wait to be scrolled into view) have hydrated:
 * Astro drops an island's `ssr` attribute once it runs. Before that, a click on a control that
 * only a script makes work would be lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}

/** Opens a page and waits for its islands. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}
