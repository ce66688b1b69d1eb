import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, createEpustaka } from '../test/catalogue.ts';
import { refuseAtTheDoor } from '../web/door.ts';
import { createApi } from '../app.ts';
import { createPricedBook, donate, gatewayOrderIdOf, pay } from '../commerce/testing.ts';

/*
 * The payment sandbox's pay page turns a charge into paid money: like the development outbox it
 * answers only a browser on this machine, never through a forwarded request, only by the server's
 * own loopback name, and only while the sandbox is on.
 */

let ctx: TestContext;
let page = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const donor = await createCaller(ctx);
  const box = (await donate(ctx, donor.token, await createPricedBook(ctx, 10_000), await createEpustaka(ctx), 1)).body.data.order_box_id;
  await pay(ctx, donor.token, box, 'bca_va');
  page = `/webhook/payment-sandbox/invoice/${await gatewayOrderIdOf(ctx, box)}`;
});
afterAll(() => ctx.close());

/** A request as the web server hands it to the embedded API (its client's address last in X-Forwarded-For). */
async function viaWeb(forwardedFor: string) {
  return createApi(ctx.deps).request(page, { headers: { 'x-forwarded-for': forwardedFor } });
}

async function fromSocket(remoteAddress: string, headers: Record<string, string> = {}) {
  const app = createApi(ctx.deps);
  return app.request(page, { headers: { host: '127.0.0.1:8787', ...headers } }, { incoming: { socket: { remoteAddress, localPort: 8787 } } });
}

describe('the payment sandbox pay page', () => {
  test('answers this machine, through the web server or straight', async () => {
    const res = await viaWeb('127.0.0.1');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Bayar / Pay');
    expect((await fromSocket('::1')).status).toBe(200);
  });

  test.each(['203.0.113.9', '10.0.0.5', '127.0.0.1, 127.0.0.1', 'unknown'])('is 404 from %s through the web server', async (address) => {
    expect((await viaWeb(address)).status).toBe(404);
  });

  test('is 404 from another machine, through a proxy, or by a rebound host name', async () => {
    expect((await fromSocket('192.168.0.2')).status).toBe(404);
    expect((await fromSocket('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await fromSocket('127.0.0.1', { host: 'evil.example:8787' })).status).toBe(404);
  });

  test('the web server\'s door refuses it to other machines and other host names', () => {
    const call = (path: string, remoteAddress: string, headers: Record<string, string> = {}) => {
      const res = { status: 0, writeHead(status: number) { this.status = status; return this; }, end() {} };
      const req = { method: 'POST', url: path, headers: { host: 'localhost:4321', ...headers }, socket: { remoteAddress, localPort: 4321 }, resume() {} };
      return { answered: refuseAtTheDoor(req as unknown as IncomingMessage, res as unknown as ServerResponse), status: res.status };
    };
    for (const path of [`${page}/pay`, '/webhook/payment-sandbox/invoice/x', '//webhook//Payment-Sandbox/invoice/x', '/webhook/payment%2Dsandbox/invoice/x']) {
      expect(call(path, '203.0.113.9')).toEqual({ answered: true, status: 404 });
      expect(call(path, '127.0.0.1', { host: 'evil.example:4321' })).toEqual({ answered: true, status: 404 });
      expect(call(path, '127.0.0.1')).toEqual({ answered: false, status: 0 });
    }
  });

  test('is 404 while the sandbox is off', async () => {
    ctx.config.commerce.sandbox = false;
    try {
      expect((await viaWeb('127.0.0.1')).status).toBe(404);
    } finally {
      ctx.config.commerce.sandbox = true;
    }
  });
});
