import { expect, type Locator, type Page } from 'playwright/test';

/*
 * The two screens a journey runs on: a desktop, and a phone held upright (touch, no mouse). A
 * journey written once runs on each (`for (const screen of SCREENS) test.describe(...)`), and on
 * the phone checks that what it taps is big enough and that nothing leaves the screen sideways.
 */

/** A desktop and a phone: the name goes into the test's title, `use` into its browser contexts. */
export const SCREENS = [
  { name: 'desktop', phone: false, use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', phone: true, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

export type Screen = (typeof SCREENS)[number];

/**
 * The controls inside `scope` (the whole page when none) smaller than 44 × 44 px: buttons (not the
 * ones drawn as links in text), tabs, menu entries, fields, radio buttons (with their label) and
 * sliders.
 */
export function smallControls(page: Page, scope?: Locator): Promise<string[]> {
  const find = (root: Element) => {
    const small: string[] = [];
    const controls = root.querySelectorAll<HTMLElement>('.btn, button:not(.link), [role="tab"], select, .input, .menu li > a, input[type="radio"], input[type="range"]');
    for (const element of controls) {
      // A radio button in a label is tapped anywhere on its label: the label is its target.
      const target = element.matches('input[type="radio"]') ? (element.closest('label') ?? element) : element;
      // The layout box, not the painted one: a control in the middle of an entrance animation (a
      // notification scaling in) is drawn smaller than the box a finger gets once it settles.
      const rect = { width: target.offsetWidth, height: target.offsetHeight };
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      // Closed dialogs and popovers, and what only assistive technology reaches.
      if (element.closest('dialog:not([open]), [popover]:not(:popover-open), .sr-only, [aria-hidden="true"]')) continue;
      if (rect.width < 43.5 || rect.height < 43.5) {
        const name = (element.getAttribute('aria-label') || target.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return small;
  };
  return (scope ?? page.locator('body')).evaluate(find);
}

/**
 * On a phone: every control in `scope` (the whole page when none) is at least 44 px each way, and
 * the page is no wider than the screen. On a desktop it checks nothing.
 */
export async function expectFitsScreen(page: Page, screen: Screen, scope?: Locator): Promise<void> {
  if (!screen.phone) return;
  expect(await smallControls(page, scope), `controls under 44 px on ${page.url()}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `the page is wider than the phone on ${page.url()}`).toBeLessThanOrEqual(0);
}
