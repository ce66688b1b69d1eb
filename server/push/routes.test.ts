import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { notifyQueueOffer } from '../notifications/queue-events.ts';
import { notify } from '../notifications/notify.ts';
import { startWebPush } from './push.service.ts';
import { readPushSettings } from './settings.ts';
import { decrypt, device as deviceAt, subscription, type Device } from '../test/push-device.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let ctx: TestContext;
let server: Server;
let origin: string;
let stopPush: () => void;
const received: Received[] = [];

beforeAll(async () => {
  // The push service is a receiver on this machine, allowed as tests allow it: by configuration.
  ctx = await createTestContext({ push: readPushSettings({ PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_ALLOW_LOOPBACK: 'true' }) });
  // The push service: answers 410 for endpoints under /gone/, 201 otherwise, and keeps what it got.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stopPush = await startWebPush(ctx.deps);
});
afterAll(async () => {
  stopPush();
  await new Promise((done) => server.close(done));
  await ctx.close();
});

function device(path: string): Device {
  return deviceAt(`${origin}${path}`);
}

function subscribe(caller: Caller, d: Device, lang?: 'id' | 'en') {
  return ctx.request('PATCH', '/webhook/fcm-token', { token: caller.token, body: { fcm_token: JSON.stringify(subscription(d)), lang } });
}

async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function ownerOf(endpoint: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  return rows[0]?.user_id;
}

describe('webhook/fcm-token and webhook/push-key', () => {
  test('the public VAPID key is served; a subscription is stored for the caller only', async () => {
    const key = await ctx.request('GET', '/webhook/push-key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.data.public_key, 'base64url')).toHaveLength(65);

    const sekar = await createCaller(ctx);
    const bagus = await createCaller(ctx);
    const d = device('/ok/shared');
    expect((await ctx.request('PATCH', '/webhook/fcm-token', { body: { fcm_token: JSON.stringify(subscription(d)) } })).status).toBe(401);
    const stored = await subscribe(sekar, d, 'en');
    expect(stored.status).toBe(200);
    expect(await ownerOf(d.endpoint)).toBe(sekar.id);
    // Renewing one's own subscription is fine.
    expect((await subscribe(sekar, d, 'id')).status).toBe(200);

    // Another user can neither take the endpoint over nor remove it.
    const takeover = await subscribe(bagus, device('/ok/shared'));
    expect(takeover.status).toBe(409);
    expect(takeover.body.errors[0].code).toBe('push_endpoint_taken');
    const removal = await ctx.request('DELETE', '/webhook/fcm-token', { token: bagus.token, body: { endpoint: d.endpoint } });
    expect(removal.status).toBe(404);
    expect(removal.body.errors[0].code).toBe('push_subscription_not_found');
    expect(await ownerOf(d.endpoint)).toBe(sekar.id);
    const { rows } = await ctx.db.query<{ p256dh: string; lang: string }>('SELECT p256dh, lang FROM push_subscriptions WHERE endpoint = $1', [d.endpoint]);
    expect(rows[0]).toEqual({ p256dh: d.ecdh.getPublicKey().toString('base64url'), lang: 'id' });

    const own = await ctx.request('DELETE', '/webhook/fcm-token', { token: sekar.token, body: { endpoint: d.endpoint } });
    expect(own.status).toBe(200);
    expect(await ownerOf(d.endpoint)).toBeUndefined();
    const { rows: sessions } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND fcm_token IS NOT NULL', [sekar.id]);
    expect(sessions[0]!.n).toBe(0);
  });

  test('once its owner signs out on the browser, the next user may subscribe it', async () => {
    const sekar = await createCaller(ctx);
    const bagus = await createCaller(ctx);
    const d = device('/ok/handed-on');
    expect((await subscribe(sekar, d)).status).toBe(200);
    expect((await subscribe(bagus, d)).status).toBe(409);
    await ctx.db.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1", [sekar.id]);
    expect((await subscribe(bagus, d)).status).toBe(200);
    expect(await ownerOf(d.endpoint)).toBe(bagus.id);
  });

  test('bad subscriptions are refused', async () => {
    const caller = await createCaller(ctx);
    const good = subscription(device('/ok/bad'));
    const bad = async (fcm_token: unknown) => {
      const res = await ctx.request('PATCH', '/webhook/fcm-token', { token: caller.token, body: { fcm_token: JSON.stringify(fcm_token) } });
      expect(res.status).toBe(400);
      return res.body.errors[0].code;
    };
    expect(await bad({ ...good, endpoint: 'ftp://push.example/x' })).toBe('invalid_push_endpoint');
    expect(await bad({ ...good, endpoint: 'http://push.example/x' })).toBe('invalid_push_endpoint');
    for (const endpoint of ['https://10.0.0.5/x', 'https://[::1]/x', 'https://localhost/x', 'https://db.internal/x']) {
      expect(await bad({ ...good, endpoint }), endpoint).toBe('invalid_push_endpoint');
    }
    // A lone half of a surrogate pair, written as an escape in the subscription's JSON.
    expect(await bad({ ...good, endpoint: `${good.endpoint}/${'😀'.slice(0, 1)}` })).toBe('invalid_characters');
    expect(await bad({ ...good, keys: { ...good.keys, p256dh: 'AAAA' } })).toBe('invalid_push_keys');
    expect(await bad({ ...good, keys: { p256dh: good.keys.p256dh } })).toBe('invalid_push_keys');
    // Another device's push token (not a Web Push subscription) is only kept on the session.
    expect((await ctx.request('PATCH', '/webhook/fcm-token', { token: caller.token, body: { fcm_token: 'device-token-1' } })).status).toBe(200);
  });
});

describe('pushing notifications', () => {
  test('a queue offer reaches the push endpoint encrypted, with only its title, text and link', async () => {
    const caller = await createCaller(ctx);
    const d = device(`/ok/${caller.id}`);
    expect((await subscribe(caller, d)).status).toBe(200);
    const offer = {
      id: crypto.randomUUID(),
      user_id: caller.id,
      book_id: crypto.randomUUID(),
      epustaka_id: crypto.randomUUID(),
      offer_expires_at: new Date(Date.now() + 24 * 3600_000),
      catalog_title: 'Laskar Pelangi',
      epustaka_name: 'Perpustakaan Kota',
    };
    await ctx.db.transaction((tx) => notifyQueueOffer(tx, offer));

    const push = await waitFor(() => received.find((r) => r.path === `/ok/${caller.id}`));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push.body.toString('utf8')).not.toContain('Laskar');
    const payload = JSON.parse(decrypt(push.body, d));
    expect(Object.keys(payload).sort()).toEqual(['body', 'link', 'title']);
    expect(payload.title).toBe('Buku antrean Anda sudah tersedia');
    expect(payload.body).toContain('“Laskar Pelangi” di Perpustakaan Kota');
    expect(payload.link).toBe(`/book/${offer.book_id}/${offer.epustaka_id}`);
  });

  test('a rolled-back notification is never pushed; an English subscription gets English texts', async () => {
    const caller = await createCaller(ctx);
    const d = device(`/ok/en-${caller.id}`);
    expect((await subscribe(caller, d, 'en')).status).toBe(200);
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, { userId: caller.id, type: 'EPUSTAKA', event: 'join_approved', params: { epustaka: 'Dibatalkan' }, link: '/epustaka/x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await notify(ctx.db, { userId: caller.id, type: 'EPUSTAKA', event: 'join_approved', params: { epustaka: 'Perpustakaan Sekolah' }, link: '/epustaka/y' });
    const push = await waitFor(() => received.find((r) => r.path === `/ok/en-${caller.id}`));
    expect(JSON.parse(decrypt(push.body, d))).toEqual({
      title: 'Membership approved',
      body: 'Your request to join Perpustakaan Sekolah has been approved.',
      link: '/epustaka/y',
    });
    await new Promise((done) => setTimeout(done, 1200));
    expect(received.filter((r) => r.path === `/ok/en-${caller.id}`)).toHaveLength(1);
  });

  test('a subscription the push service says is gone (410) is deleted', async () => {
    const caller = await createCaller(ctx);
    const d = device(`/gone/${caller.id}`);
    expect((await subscribe(caller, d)).status).toBe(200);
    await notify(ctx.db, { userId: caller.id, type: 'FEED', event: 'reply', params: { name: 'Bagus', excerpt: 'Setuju!' }, link: '/timeline/detail/1' });
    await waitFor(() => received.find((r) => r.path === `/gone/${caller.id}`));
    await waitFor(async () => ((await ownerOf(d.endpoint)) === undefined ? true : undefined));
  });
});
