import { expect, test } from 'playwright/test';
import { hydrated } from './support/pages.ts';

const PASSWORD = 'demo12345';

async function fillLogin(page: import('playwright/test').Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

test.describe('signing in', () => {
  test('a logged-out visit to /shelf lands on /login and, after signing in, on /shelf', async ({ page }) => {
    await page.goto('/shelf?tab=queue');
    await expect(page).toHaveURL(/\/login\?next=%2Fshelf%3Ftab%3Dqueue$/);
    await expect(page.getByRole('heading', { name: 'Masuk ke ePustaka' })).toBeVisible();
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/shelf\?tab=queue$/);
  });

  test('an e-mail typed in capitals still signs in', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'SISWA@Demo.ID', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a bad password shows the translated error and keeps the e-mail', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', 'salah-sandi');
    await expect(page.getByRole('alert')).toHaveText('Email atau kata sandi salah');
    await expect(page.getByLabel('Email')).toHaveValue('siswa@demo.id');
    await page.goto('/lang?to=en&next=/login');
    await page.getByLabel('Email').fill('siswa@demo.id');
    await page.getByLabel('Password').fill('salah-sandi');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  });

  test('an unverified account goes to /not-activated', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'belum@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/not-activated$/);
  });

  test('an off-site next parameter is ignored', async ({ page }) => {
    await page.goto('/login?next=//evil.example/steal');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    // The app's own home page, on whichever port the suite runs (E2E_PORT).
    await expect(page).toHaveURL(new URL('/', test.info().project.use.baseURL).href);
  });

  test('no token is readable from document.cookie or local storage', async ({ page, context }) => {
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const cookies = await context.cookies();
    const access = cookies.find((c) => c.name === 'ewAccessToken');
    expect(access?.httpOnly).toBe(true);
    expect(access?.sameSite).toBe('Lax');
    expect(cookies.find((c) => c.name === 'ewRefreshToken')?.httpOnly).toBe(true);
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'),
    }));
    expect(visible.cookie).not.toContain('ewAccessToken');
    expect(visible.cookie).not.toContain('ewRefreshToken');
    expect(visible.cookie).not.toContain(access!.value.slice(0, 20));
    expect(visible.storage).not.toContain(access!.value.slice(0, 20));
    expect(visible.storage).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  test('signing out ends the session and returns to /login', async ({ page, context }) => {
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const before = (await context.cookies()).find((c) => c.name === 'ewAccessToken')!.value;
    await page.getByRole('button', { name: /menu profil/i }).click();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'ewAccessToken')).toBeUndefined();
    const status = await page.evaluate(async (token) => {
      const res = await fetch('/webhook/profile', { headers: { authorization: `Bearer ${token}` } });
      return res.status;
    }, before);
    expect(status).toBe(401);
    await page.goto('/shelf');
    await expect(page).toHaveURL(/\/login\?next=%2Fshelf$/);
  });
  test('the profile menu opens and signs out before any script has run', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Keluar' })).toBeHidden();
    await page.getByRole('button', { name: /menu profil/i }).click();
    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/logout');
    await page.getByRole('button', { name: 'Keluar' }).click();
    expect(await (await logout).headerValue('clear-site-data')).toBe('"storage"');
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'ewAccessToken')).toBeUndefined();
    await page.goto('/shelf');
    await expect(page).toHaveURL(/\/login\?next=%2Fshelf$/);
    await context.close();
  });

  test('a page opened with a session ended elsewhere goes to /login instead of rendering empty', async ({ page, context, browser }) => {
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    // A second browser holding the same cookies, as another tab of a copied profile would.
    const stale = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: await context.storageState() });
    // The profile menu opens once the home page's islands are running.
    await hydrated(page);
    await page.getByRole('button', { name: /menu profil/i }).click();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const other = await stale.newPage();
    // The server answers the navigation itself with a redirect: no empty page shows first.
    const response = await other.goto('/notifications-detail?page=2');
    expect(response?.url()).toMatch(/\/login\?next=%2Fnotifications-detail%3Fpage%3D2$/);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/notifications-detail\?page=2$/);
    expect((await stale.cookies()).find((c) => c.name === 'ewAccessToken')).toBeUndefined();
    // A page with a visitors' variant shows that one instead.
    const books = await other.goto('/books?sort=title');
    expect(books?.url()).toMatch(/\/books\?sort=title$/);
    await expect(other.getByRole('heading', { level: 1, name: 'Jelajahi buku' })).toBeVisible();
    await stale.close();
  });
});

test.describe('language', () => {
  test('switching to English survives a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await page.getByRole('link', { name: 'English' }).first().click();
    await expect(page.getByRole('heading', { name: 'Sign in to ePustaka' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with a translated page that links home', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'siswa@demo.id', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const response = await page.goto('/halaman-yang-tidak-ada');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('security headers', () => {
  test('pages carry a CSP without unsafe-inline scripts, frame-ancestors none and nosniff', async ({ request }) => {
    const res = await request.get('/login');
    const csp = res.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
