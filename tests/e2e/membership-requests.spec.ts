import type { APIRequestContext } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { apiJson, joinLibrary } from './support/members.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/* On a phone, approving a join request updates the library picker's request count and says so in a toast. */

const SCHOOL = 'Pustaka SMA Harapan Bangsa';
const TEXTS = {
  id: { approve: 'Setujui', waiting: (n: number) => `${SCHOOL} (${n} permintaan)`, approved: (name: string) => `${name} sekarang anggota ePustaka ini.` },
  en: { approve: 'Approve', waiting: (n: number) => `${SCHOOL} (${n} waiting)`, approved: (name: string) => `${name} is now a member of this ePustaka.` },
} as const;

async function libraryIdNamed(request: APIRequestContext, name: string): Promise<string> {
  const sitemap = await apiJson<{ data: { id: string }[] }>(request, '/webhook/public-epustaka-sitemap');
  for (const { id } of sitemap.data) {
    const detail = await apiJson<{ data: { epustaka_name: string } }>(request, '/webhook/public-epustaka-detail', { epustaka_id: id });
    if (detail.data.epustaka_name === name) return id;
  }
  throw new Error(`No library named ${name}`);
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const lang of ['id', 'en'] as const) {
  test(`in ${lang}, the picker's request count drops after approving, with a toast`, async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const text = TEXTS[lang];
    const name = `Pemohon ${lang.toUpperCase()} ${Date.now()}`;
    const student = await signInAsNewUser(page, name);
    const libraryId = await libraryIdNamed(page.request, SCHOOL);
    expect(await joinLibrary(page.request, libraryId, student.id)).toBe(0);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const librarian = await context.newPage();
    await signIn(librarian, demoUsers.pustakawan);
    await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
    await librarian.goto(`/membership?epustaka=${libraryId}&tab=requests`);
    await hydrated(librarian);
    const option = librarian.locator(`#membership-picker option[value="${libraryId}"]`);
    const before = Number(/\((\d+) /.exec((await option.textContent())!)![1]);
    expect(await option.textContent()).toBe(text.waiting(before));

    await librarian.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: text.approve }).click();
    await expect(librarian.getByRole('status').filter({ hasText: text.approved(name) })).toBeVisible();
    await expect(option).toHaveText(before > 1 ? text.waiting(before - 1) : SCHOOL);
    await context.close();
  });
}
