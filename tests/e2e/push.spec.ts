import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';

/*
 * Turning push notifications on and off from the notifications page. Headless Chromium has no push
 * service, so the browser's PushManager answers with a subscription made here (a real P-256 key
 * and auth secret); the service worker, the permission, the call to the server and the worker's
 * push handler are the real ones.
 */

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const fake = {
  endpoint: `https://push.example.test/e2e/${randomBytes(8).toString('hex')}`,
  p256dh: ecdh.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

async function stubPushService(page: Page): Promise<void> {
  await page.addInitScript((sub) => {
    // Kept across reloads, as the browser keeps a real subscription.
    const KEY = 'e2e-push-subscribed';
    let current: PushSubscription | null = null;
    const make = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        unsubscribe: async () => {
          current = null;
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    if (localStorage.getItem(KEY)) current = make();
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (!options?.userVisibleOnly || !options.applicationServerKey) throw new Error('subscribe without a VAPID key');
      current = make();
      localStorage.setItem(KEY, '1');
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, fake);
}

test('a member turns notifications on after a click, gets a push shown, and turns them off', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await stubPushService(page);
  await signIn(page, demoUsers.guru);
  await page.goto('/notifications-detail');
  await hydrated(page);
  const control = page.getByTestId('push-control');
  await expect(control).toHaveAttribute('data-state', 'off');

  const saved = page.waitForResponse((res) => res.url().endsWith('/webhook/fcm-token') && res.request().method() === 'PATCH');
  await control.getByRole('button', { name: 'Aktifkan notifikasi' }).click();
  expect((await saved).status()).toBe(200);
  await expect(control).toHaveAttribute('data-state', 'on');
  await expect(control).toContainText('Notifikasi aktif untuk perangkat ini.');
  // Later visits store the browser's subscription again for whoever is signed in, without asking.
  const again = page.waitForResponse((res) => res.url().endsWith('/webhook/fcm-token') && res.request().method() === 'PATCH');
  await page.reload();
  expect((await again).status()).toBe(200);
  await expect(control).toHaveAttribute('data-state', 'on');

  // The worker shows a push with its title and text, and keeps only a same-site link.
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(new URL(shown.script!).pathname).toBe('/sw.js');
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === shown.scope && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const shownNotifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const list = await registration.getNotifications();
      const shown = list.map((n) => JSON.stringify([n.title, n.body, new URL((n.data as { link: string }).link).pathname]));
      return [...new Set(shown)].map((n) => JSON.parse(n) as string[]).sort();
    });
  const expected = [
    ['Buku antreanmu sudah tersedia', 'Teks', '/book/1'],
    ['Tautan luar', 'Teks', '/notifications-detail'],
  ];
  const sent = [
    ['Buku antreanmu sudah tersedia', '/book/1'],
    ['Tautan luar', 'https://evil.example/x'],
  ];
  // One push at a time, each seen before the next. A worker that is still starting on a busy
  // machine may miss a message, so it is sent again until its notification shows.
  for (const [index, [title, link]] of sent.entries()) {
    const deliver = async () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify({ title, body: 'Teks', link }) });
    await deliver();
    await expect
      .poll(
        async () => {
          const shown = await shownNotifications();
          if (shown.length <= index) await deliver();
          return shown;
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toEqual(expected.slice(0, index + 1));
  }

  const removed = page.waitForResponse((res) => res.url().endsWith('/webhook/fcm-token') && res.request().method() === 'DELETE');
  await control.getByRole('button', { name: 'Matikan' }).click();
  expect((await removed).status()).toBe(200);
  await expect(control).toHaveAttribute('data-state', 'off');
});
