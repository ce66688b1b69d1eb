import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createPaymentSandbox } from './sandbox.ts';
import { commerceOf } from '../runtime.ts';
import { sandboxPageRoutes } from './sandbox-page.ts';
import { chargeBody, midtransGateway, notificationSignature, rupiahOf, verifySignature, GatewayError } from './midtrans.ts';

let ctx: TestContext;
const KEY = 'SB-Mid-server-test-key';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function sandboxWith(sink: (r: Request) => Promise<Response>) {
  const sandbox = createPaymentSandbox(ctx.deps, { serverKey: KEY, invoiceUrl: (id) => `/pay/${id}`, sink });
  return { sandbox, gateway: midtransGateway({ baseUrl: 'http://sandbox.test', serverKey: KEY, transport: sandbox.transport }) };
}

const request = (orderId: string, type: 'bca_va' | 'mandiri_va' | 'qris' | 'indomaret' = 'bca_va') => ({
  orderId, grossAmount: 54_440, paymentType: type, expiryMinutes: 60, orderTime: new Date(),
  items: [{ id: 'x', price: 54_440, quantity: 1, name: 'Donasi' }], customer: { first_name: 'Sekar', email: 'sekar@demo.id' },
});

describe('the payment sandbox speaks Midtrans\' Core API', () => {
  test('charge requests carry Midtrans\' payment types and custom expiry', () => {
    expect(chargeBody(request('A-1', 'bca_va'))).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' }, transaction_details: { order_id: 'A-1', gross_amount: 54_440 }, custom_expiry: { expiry_duration: 60, unit: 'minute' } });
    expect(chargeBody(request('A-1', 'mandiri_va')).payment_type).toBe('echannel');
    expect(chargeBody(request('A-1', 'indomaret'))).toMatchObject({ payment_type: 'cstore', cstore: { store: 'indomaret' } });
    expect(chargeBody({ ...request('A-1'), paymentType: 'ovo' }).payment_type).toBe('qris');
  });

  test('charge, status and expire answer Midtrans\' status codes; a wrong server key is refused', async () => {
    const { gateway } = sandboxWith(async () => new Response('ok'));
    const charged = await gateway.charge(request('SBX-1'));
    expect(charged).toMatchObject({ status_code: '201', transaction_status: 'pending', gross_amount: '54440.00', payment_type: 'bank_transfer', redirect_url: '/pay/SBX-1' });
    expect(charged.va_numbers?.[0]).toMatchObject({ bank: 'bca' });
    expect((await gateway.status('SBX-1')).status_code).toBe('201');
    await expect(gateway.charge(request('SBX-1'))).rejects.toThrow(GatewayError);
    const expired = await gateway.status('SBX-1').then(() => gateway.expire('SBX-1')).then(() => gateway.status('SBX-1'));
    expect(expired).toMatchObject({ transaction_status: 'expire', status_code: '407' });
    const wrong = midtransGateway({ baseUrl: 'http://sandbox.test', serverKey: 'other', transport: sandboxWith(async () => new Response('ok')).sandbox.transport });
    await expect(wrong.status('SBX-1')).rejects.toThrow(/401/);
    expect(rupiahOf('54440.00')).toBe(54_440);
    expect(rupiahOf('54440.50')).toBeNaN();
  });

  test('an outcome is notified signed, and sent again until delivered', async () => {
    const received: Record<string, string>[] = [];
    let failures = 1;
    const { sandbox, gateway } = sandboxWith(async (r) => {
      received.push((await r.json()) as Record<string, string>);
      if (failures-- > 0) return new Response('down', { status: 503 });
      return new Response('ok');
    });
    await gateway.charge(request('SBX-2', 'qris'));
    expect(await sandbox.decide('SBX-2', 'settlement')).toBe(true);
    expect(await sandbox.decide('SBX-2', 'deny')).toBe(false);
    // The first delivery failed: the retry comes after a second.
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBe(2);
    const note = received[1]!;
    expect(note).toMatchObject({ order_id: 'SBX-2', transaction_status: 'settlement', status_code: '200', gross_amount: '54440.00' });
    expect(note.signature_key).toBe(notificationSignature('SBX-2', '200', '54440.00', KEY));
    expect(verifySignature(note, KEY)).toBe(true);
    expect(verifySignature({ ...note, gross_amount: '1.00' }, KEY)).toBe(false);
  });
});

describe('the sandbox\'s pay page', () => {
  // The site's Content-Security-Policy allows styles and scripts of its own origin only.
  test('carries no inline style or script, and names the site\'s icon', async () => {
    await commerceOf(ctx.deps).gateway.charge(request('SBX-PAGE-1'));
    const pages = sandboxPageRoutes(ctx.deps);
    const local = { headers: { 'x-forwarded-for': '127.0.0.1' } };
    const res = await pages.request('/payment-sandbox/invoice/SBX-PAGE-1', local);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Bayar / Pay');
    expect(html).not.toMatch(/<style|<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.svg"/);
    const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!;
    const sheet = await pages.request(css.replace('/webhook', ''), local);
    expect([sheet.status, sheet.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect(await sheet.text()).toContain('font-family');
    // Like the page, its sheet is there for this machine only.
    expect((await pages.request(css.replace('/webhook', ''), { headers: { 'x-forwarded-for': '10.0.0.5' } })).status).not.toBe(200);
  });
});
