import { createECDH, randomBytes } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { notify } from '../notifications/notify.ts';
import { deliverPendingPushes } from './push.service.ts';
import { readPushSettings } from './settings.ts';
import type { Resolve } from './push-address.ts';

/*
 * Where pushes may go: only to the push services of PUSH_SERVICE_HOSTS, and only over connections
 * to addresses that are not this machine or its networks, whatever a name answers when the push is
 * sent. The receivers here all listen on 127.0.0.1; a push that should be refused must not even
 * open a connection to them.
 */

let ctx: TestContext;
/** Accepts connections and counts them (it never answers: TLS to it fails after the connection). */
let tcp: TcpServer;
let tcpPort: number;
let tcpConnections = 0;
/** An HTTP receiver: answers /redirect with a 307 to `elsewhere`, 201 otherwise. */
let receiver: Server;
let receiverPort: number;
const receivedPaths: string[] = [];
/** Where the redirect points; it must never be asked. */
let elsewhere: Server;
let elsewherePort: number;
let elsewhereRequests = 0;

/** A name server in which every `*.push.test` name answers 127.0.0.1 (a rebinding name); the system answers the rest. */
const resolve: Resolve = (hostname, options, callback) => {
  if (hostname.endsWith('.push.test')) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  dnsLookup(hostname, options, callback);
};

async function listen(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  ctx = await createTestContext({ push: readPushSettings({}) });
  tcp = createTcpServer((socket) => {
    tcpConnections += 1;
    socket.destroy();
  });
  tcpPort = await listen(tcp);
  elsewhere = createServer((_req, res) => {
    elsewhereRequests += 1;
    res.writeHead(201).end();
  });
  elsewherePort = await listen(elsewhere);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receivedPaths.push(req.url ?? '');
      if (req.url === '/redirect') res.writeHead(307, { location: `http://127.0.0.1:${elsewherePort}/followed` }).end();
      else res.writeHead(201).end();
    });
  });
  receiverPort = await listen(receiver);
});
afterAll(async () => {
  await Promise.all([tcp, receiver, elsewhere].map((server) => new Promise((done) => server.close(done))));
  await ctx.close();
});
afterEach(() => {
  ctx.config.push = readPushSettings({});
  vi.restoreAllMocks();
});

function subscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

function subscribe(caller: Caller, endpoint: string) {
  return ctx.request('PATCH', '/webhook/fcm-token', { token: caller.token, body: { fcm_token: JSON.stringify(subscription(endpoint)) } });
}

/** Makes a notification for `caller`, sends the pending pushes and answers the warnings they logged. */
async function pushTo(caller: Caller): Promise<string[]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  await notify(ctx.db, { userId: caller.id, type: 'EPUSTAKA', event: 'join_approved', params: { epustaka: 'Perpustakaan Kota' }, link: '/epustaka/x' });
  await deliverPendingPushes(ctx.deps, { resolve });
  const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
  warn.mockRestore();
  return warnings;
}

describe('subscribing: only the push services of PUSH_SERVICE_HOSTS', () => {
  test("the browsers' push services are accepted by default", async () => {
    const caller = await createCaller(ctx);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      expect((await subscribe(caller, endpoint)).status, endpoint).toBe(200);
    }
  });

  test('any other endpoint is refused, whatever its name resolves to', async () => {
    const caller = await createCaller(ctx);
    for (const endpoint of [
      // Names this machine resolves to itself.
      'https://localhost/x',
      'https://localhost./x',
      `https://localhost:${tcpPort}/x`,
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      // Names that only look like a push service's.
      'https://fcm.googleapis.com./x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.services.mozilla.com.evil.example/x',
      'https://evil.example/fcm.googleapis.com',
      // A push service, but not over https or with credentials.
      'http://fcm.googleapis.com/x',
      'https://user:secret@fcm.googleapis.com/x',
    ]) {
      const res = await subscribe(caller, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body.errors[0].code, endpoint).toBe('invalid_push_endpoint');
    }
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.id = $1', [caller.id]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('sending: the address connected to is checked', () => {
  test('an allowed name that resolves to this machine gets no push and no connection', async () => {
    ctx.config.push = readPushSettings({ PUSH_SERVICE_HOSTS: '*.push.test localhost' });
    const caller = await createCaller(ctx);
    // Allowed by name when subscribing: names are not resolved then.
    expect((await subscribe(caller, `https://rebound.push.test:${tcpPort}/a`)).status).toBe(200);
    expect((await subscribe(caller, `https://localhost:${tcpPort}/b`)).status).toBe(200);
    const warnings = await pushTo(caller);
    expect(warnings.filter((w) => w.includes('where no push is sent'))).toHaveLength(2);
    expect(tcpConnections).toBe(0);

    // The same pushes with loopback receivers allowed do connect: the receiver would have seen them.
    ctx.config.push = readPushSettings({ PUSH_SERVICE_HOSTS: '*.push.test localhost', PUSH_ALLOW_LOOPBACK: 'true' });
    await pushTo(caller);
    expect(tcpConnections).toBeGreaterThanOrEqual(2);
  });

  test("a push service's redirect is not followed", async () => {
    ctx.config.push = readPushSettings({ PUSH_SERVICE_HOSTS: '*.push.test', PUSH_ALLOW_LOOPBACK: 'true' });
    const caller = await createCaller(ctx);
    expect((await subscribe(caller, `http://redirecting.push.test:${receiverPort}/redirect`)).status).toBe(200);
    const warnings = await pushTo(caller);
    expect(receivedPaths).toContain('/redirect');
    expect(warnings.some((w) => w.includes('answered 307'))).toBe(true);
    expect(elsewhereRequests).toBe(0);
  });

  test('a subscription stored for a host no longer allowed is not sent to', async () => {
    ctx.config.push = readPushSettings({ PUSH_SERVICE_HOSTS: '*.push.test 127.0.0.1', PUSH_ALLOW_LOOPBACK: 'true' });
    const caller = await createCaller(ctx);
    expect((await subscribe(caller, `http://127.0.0.1:${receiverPort}/earlier`)).status).toBe(200);
    expect((await subscribe(caller, `http://current.push.test:${receiverPort}/current`)).status).toBe(200);
    ctx.config.push = readPushSettings({ PUSH_SERVICE_HOSTS: '*.push.test', PUSH_ALLOW_LOOPBACK: 'true' });
    const warnings = await pushTo(caller);
    expect(receivedPaths).toContain('/current');
    expect(receivedPaths).not.toContain('/earlier');
    expect(warnings.some((w) => w.includes('127.0.0.1 is not a push service'))).toBe(true);
  });
});
