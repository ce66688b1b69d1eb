import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from 'playwright/test';
import { demoPassword, signIn } from './auth.ts';
import { e2eDataDir } from './books.ts';

/**
 * The header that opens the development outbox of the server under test: the secret it made at
 * start, which it writes to its data directory (scripts/e2e-server.sh's `.tmp/e2e-data-<port>`).
 */
export function outboxHeaders(): Record<string, string> {
  return { 'x-outbox-key': readFileSync(join(e2eDataDir(), 'outbox-key'), 'utf8').trim() };
}

/** A mail of the development outbox. */
export interface OutboxMail {
  subject: string;
  kind: string;
  links: string[];
  text: string;
}

/** The outbox's newest mails to `email`. */
export async function outboxFor(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const res = await request.get('/webhook/dev-outbox', { params: { to: email }, headers: outboxHeaders() });
  expect(res.ok(), `the outbox answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

let serial = 0;

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  serial += 1;
  return `${prefix}.${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}@uji.id`;
}

/** The newest link of the newest mail of `kind` to `email` (the server under test exposes its outbox). */
export async function linkFromOutbox(request: APIRequestContext, email: string, kind: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await outboxFor(request, email)).find((m) => m.kind === kind)?.links[0];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Registers an account through the API (not yet verified); returns its e-mail and verification link. */
export async function registerAccount(request: APIRequestContext, name: string, password = demoPassword): Promise<{ email: string; verifyLink: string }> {
  const email = uniqueEmail('jalan');
  const res = await request.post('/auth/register', {
    data: { provider: 'local', data: { email, password, extras: { name, district_id: '11.01.01' } } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, verifyLink: await linkFromOutbox(request, email, 'verify_email') };
}

/** Registers, verifies and signs in a new student; returns the account. */
export async function signInAsNewUser(page: Page, name: string, password = demoPassword): Promise<{ email: string; id: string }> {
  const { email, verifyLink } = await registerAccount(page.request, name, password);
  const token = new URL(verifyLink, 'http://x').searchParams.get('token');
  const verify = await page.request.post('/auth/verify-email', { data: { token } });
  expect(verify.ok(), await verify.text()).toBe(true);
  await signIn(page, email, password);
  const profile = await page.request.get('/webhook/profile');
  return { email, id: ((await profile.json()) as { data: { id: string } }).data.id };
}
