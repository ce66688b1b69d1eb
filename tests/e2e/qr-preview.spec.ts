import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';

/*
 * The poster preview of a QR code: the sheet carries its cover inside itself (an SVG shown as a
 * picture loads nothing from outside), and the preview control works before its script has run.
 */

test('the poster carries its cover inside itself, and its preview works before the page script runs', async ({ page, browser, baseURL }) => {
  await signIn(page, demoUsers.pustakawan);
  // Every catalogue book has a cover (a drawn one when it has no picture).
  const list = await page.request.get('/webhook/book-list', { params: { limit: 1 } });
  const book = ((await list.json()).data as { id: string }[])[0]!;
  const made = await page.request.post('/webhook/qr-code', { data: { target_type: 'BOOK', target_id: book.id } });
  expect(made.status(), await made.text()).toBe(201);
  const codeId = (await made.json()).data.id as string;

  const svg = await (await page.request.get(`/qr-codes/${codeId}/sheet.svg?layout=poster`)).text();
  expect(svg).toMatch(/<image href="data:image\/[a-z+]+;base64,/);
  expect(svg).not.toMatch(/<image href="(?!data:)/);

  // Without script (as before the page's script has loaded) the control leads to the sheet's page.
  const still = await browser.newContext({ baseURL, storageState: await page.context().storageState(), javaScriptEnabled: false });
  const plain = await still.newPage();
  await plain.goto('/qr-codes');
  await plain.locator(`[data-qr-code="${codeId}"]`).getByRole('link', { name: 'Pratinjau poster' }).click();
  await expect(plain).toHaveURL(new RegExp(`/qr-codes/${codeId}/print\\?layout=poster`));
  await expect(plain.locator('[data-qr-sheet="poster"] svg')).toBeVisible();
  await still.close();

  await page.request.delete('/webhook/qr-code', { data: { id: codeId } });
});
