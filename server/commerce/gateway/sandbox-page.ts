import { Hono, type Context } from 'hono';
import type { ApiDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { isLocalApiCaller } from '../../http/local-client.ts';
import { isOwnLoopbackHost } from '../../http/public-origin.ts';
import { commerceOf } from '../runtime.ts';

/*
 * The sandbox's pay page, where the person paying plays the bank: pay, fail (the bank refuses) or
 * let the charge expire. Like the development outbox it answers only a browser on this machine
 * (a loopback connection through no proxy, asking by the server's loopback name), and only while
 * the sandbox is on; to anyone else it does not exist. The page is bilingual, as a development tool
 * outside the product's pages.
 */

const OUTCOMES = { pay: 'settlement', fail: 'deny', expire: 'expire' } as const;

/** Straight from a socket, the Host must be a loopback name on the port the call came in on. */
function calledByOwnName(c: Context): boolean {
  const incoming = (c.env as { incoming?: { socket?: { localPort?: number; encrypted?: boolean } } } | undefined)?.incoming;
  if (!incoming) return true;
  return isOwnLoopbackHost(c.req.header('host'), incoming.socket?.localPort, Boolean(incoming.socket?.encrypted));
}

/*
 * The page's look, served as a file of its own: the site's Content-Security-Policy allows styles
 * and scripts from this origin only, never inline ones. The page has no script at all, and names
 * the site's icon so the browser does not ask for a missing /favicon.ico.
 */
const SANDBOX_CSS = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#6b7280}form{display:inline-block;margin:.5rem .5rem 0 0}button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}form+form button{background:#fff;color:#1d4ed8}';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** webhook/payment-sandbox/invoice/{order_id} (GET the page, POST …/pay, …/fail, …/expire). */
export function sandboxPageRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.use('/payment-sandbox/*', async (c, next) => {
    if (!deps.config.commerce.sandbox || !commerceOf(deps).sandbox || !isLocalApiCaller(c) || !calledByOwnName(c)) {
      throw notFound('not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
    }
    await next();
  });

  app.get('/payment-sandbox/sandbox.css', (c) => c.body(SANDBOX_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' }));

  app.get('/payment-sandbox/invoice/:orderId', async (c) => {
    const orderId = c.req.param('orderId');
    const charge = await commerceOf(deps).sandbox!.find(orderId);
    if (!charge) throw notFound('order_not_found', 'The sandbox has no charge with this order id.');
    const amount = Number(charge.gross_amount).toLocaleString('id-ID');
    const pending = charge.transaction_status === 'pending' && new Date(charge.expiry_time) > deps.now();
    const action = (name: keyof typeof OUTCOMES, label: string) =>
      `<form method="post" action="/webhook/payment-sandbox/invoice/${encodeURIComponent(orderId)}/${name}"><button type="submit">${label}</button></form>`;
    const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox pembayaran / Payment sandbox</title>
<link rel="stylesheet" href="/webhook/payment-sandbox/sandbox.css"><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><h1>Sandbox pembayaran <small>(payment sandbox: no real money)</small></h1>
<dl><dt>Order</dt><dd>${escapeHtml(orderId)}</dd><dt>Metode / Method</dt><dd>${escapeHtml(charge.payment_type)}${charge.bank ? ` (${escapeHtml(charge.bank)})` : ''}</dd>
<dt>Jumlah / Amount</dt><dd>Rp${escapeHtml(amount)}</dd><dt>Status</dt><dd id="status">${escapeHtml(charge.transaction_status)}</dd>
<dt>Batas / Expires</dt><dd>${escapeHtml(new Date(charge.expiry_time).toISOString())}</dd></dl>
${pending ? `${action('pay', 'Bayar / Pay')}${action('fail', 'Gagalkan / Fail')}${action('expire', 'Kedaluwarsa / Expire')}` : ''}
<p><a href="/donation">Kembali ke ePustaka / Back to ePustaka</a></p></body></html>`;
    return c.html(html);
  });

  app.post('/payment-sandbox/invoice/:orderId/:outcome', async (c) => {
    const outcome = OUTCOMES[c.req.param('outcome') as keyof typeof OUTCOMES];
    if (!outcome) throw notFound('not_found', 'Unknown sandbox action.');
    const orderId = c.req.param('orderId');
    await commerceOf(deps).sandbox!.decide(orderId, outcome);
    return c.redirect(`/webhook/payment-sandbox/invoice/${encodeURIComponent(orderId)}`, 303);
  });

  return app;
}
