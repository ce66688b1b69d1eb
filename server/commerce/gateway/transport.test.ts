import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { networkTransport } from './transport.ts';
import { GatewayError, midtransGateway } from './midtrans.ts';

/* The adapter's transport over the network, against a Midtrans-protocol stand-in on loopback. */

const KEY = 'SB-Mid-server-transport-test';
let server: Server;
let origin = '';
let connections = 0;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/silent') return; // never answers
      if (req.url?.startsWith('/broken')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
        return;
      }
      const orderId = decodeURIComponent(/^\/v2\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status_code: '200', transaction_status: 'settlement', order_id: orderId, gross_amount: '54440.00' }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the network transport', () => {
  test('asks the status with the server key and reads the answer, over one kept-open connection', async () => {
    const gateway = midtransGateway({ baseUrl: origin, serverKey: KEY, transport: networkTransport() });
    const before = connections;
    for (const id of ['INV-1', 'INV-2', 'INV 3']) {
      expect(await gateway.status(id)).toMatchObject({ transaction_status: 'settlement', order_id: id, gross_amount: '54440.00' });
    }
    expect(connections - before).toBe(1);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v2/INV%203/status', body: '' });
    expect(seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
  });

  test('sends a body with its length', async () => {
    const gateway = midtransGateway({ baseUrl: origin, serverKey: KEY, transport: networkTransport() });
    await gateway.cancel('INV-9');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v2/INV-9/cancel' });
    const answer = await networkTransport()({ method: 'POST', url: `${origin}/v2/charge`, headers: { 'content-type': 'application/json' }, body: '{"a":"é"}', timeoutMs: 5_000 });
    expect(answer.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":"é"}' });
    expect(seen.at(-1)!.headers['content-length']).toBe(String(Buffer.byteLength('{"a":"é"}')));
  });

  test('a refusal or no answer in time is an error the adapter reports as the gateway\'s', async () => {
    const transport = networkTransport();
    expect(await transport({ method: 'GET', url: `${origin}/broken`, headers: {}, timeoutMs: 5_000 })).toEqual({ status: 500, text: 'down' });
    await expect(transport({ method: 'GET', url: `${origin}/silent`, headers: {}, timeoutMs: 50 })).rejects.toThrow(/did not answer within 50 ms/);
    const gateway = midtransGateway({ baseUrl: `${origin}/broken`, serverKey: KEY, transport });
    await expect(gateway.status('INV-1')).rejects.toThrow(GatewayError);
  });
});
