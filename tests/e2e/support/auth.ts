import type { Page } from 'playwright/test';

/** Seeded demo accounts; all use the password `demo12345`. */
export const demoUsers = {
  siswa: 'siswa@demo.id',
  guru: 'guru@demo.id',
  pustakawan: 'pustakawan@demo.id',
  /** Not verified yet. */
  belum: 'belum@demo.id',
} as const;

export const demoPassword = 'demo12345';

/**
 * Signs in through the login form and waits until the app has left /login.
 * Labels are the default UI language's (Indonesian). With `next`, the form is opened as
 * `/login?next=...` so the app returns there; without it, a login page the test was already
 * redirected to is used as is.
 */
export async function signIn(page: Page, email: string, password = demoPassword, next?: string): Promise<void> {
  if (next !== undefined || !isLoginPage(page.url())) {
    await page.goto(next === undefined ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  }
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

function isLoginPage(href: string): boolean {
  try {
    return new URL(href).pathname === '/login';
  } catch {
    return false;
  }
}
