import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { toApiError } from '../http/errors.ts';
import { createT } from '../i18n/texts.server.ts';
import { $donation, chooseLibrary, closeDonation, setCount, submitDonation } from './donation-store.ts';
import { $checkout, chooseMethod, checkoutClosed, checkoutStep, openCheckout, pay } from './store.ts';
import { $shipping, chooseShipping, PICKUP } from './shipping-store.ts';
import type { PaymentMethod } from './schema.ts';

const { get, post, put, del } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { get, post, put, delete: del } }));

const t = createT('id');
const assign = vi.fn();

function keyOf(call: unknown[]): string {
  return (call[2] as { headers: Record<string, string> }).headers['Idempotency-Key']!;
}

function readyDonation(): void {
  closeDonation();
  $donation.set({ ...$donation.get(), book: { id: 'b', title: 'Buku' }, info: { id: 'b', book_id: 'b', book_title: 'Buku', author_name: null, book_author: null, cover_url: null, price: 50_000, using_drm: true, available_qty: 0 } });
  setCount('2');
  chooseLibrary('lib');
}

const va: PaymentMethod = { payment_type: 'bca_va', display_name: 'BCA Virtual Account', icon_url: '/x.svg', admin_fee: { val_percentage: 0, val_currency: 4000 }, tax_percentage: 11 };

beforeEach(() => {
  vi.stubGlobal('window', { location: { assign } });
  post.mockReset();
  assign.mockReset();
  // A successful payment keeps the checkout busy while the browser leaves: each test starts anew.
  $checkout.set({ step: 'closed', methods: null, loading: false, chosen: null, busy: false, error: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('donating once', () => {
  test('a second click while the first is on its way sends nothing', async () => {
    readyDonation();
    let answer!: (value: unknown) => void;
    post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = submitDonation(t);
    await submitDonation(t);
    answer({ data: { order_box_id: 'box', order_box_detail_id: 'line', category: 'DONATION' } });
    await first;
    expect(post).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/cart/box/D');
  });

  test('a retry after a failure sends the same key; another count is another donation with a new key', async () => {
    readyDonation();
    post.mockRejectedValueOnce(toApiError(503, undefined));
    await submitDonation(t);
    expect($donation.get().error).toBeTruthy();
    post.mockResolvedValueOnce({ data: { order_box_id: 'box', order_box_detail_id: 'line', category: 'DONATION' } });
    await submitDonation(t);
    expect(keyOf(post.mock.calls[1]!)).toBe(keyOf(post.mock.calls[0]!));
    expect(post.mock.calls[1]![1]).toMatchObject({ number_of_copy: 2, epustaka_id: 'lib', category: 'DONATION', order_type: 'BOOK' });

    readyDonation();
    post.mockRejectedValueOnce(toApiError(503, undefined));
    await submitDonation(t);
    setCount('3');
    post.mockResolvedValueOnce({ data: { order_box_id: 'box', order_box_detail_id: 'line', category: 'DONATION' } });
    await submitDonation(t);
    expect(keyOf(post.mock.calls[3]!)).not.toBe(keyOf(post.mock.calls[2]!));
  });
});

describe('paying once', () => {
  test('a retried payment with the same method sends the same key; the invoice page follows', async () => {
    chooseMethod(va);
    checkoutStep('summary');
    post.mockRejectedValueOnce(toApiError(502, { errors: [{ code: 'gateway_unavailable', message: 'x' }] }));
    await pay(t, 'box', 'DONATION');
    expect($checkout.get().error).toBe(t('apiErrors.gateway_unavailable'));
    post.mockResolvedValueOnce({ data: { order_box_id: 'box', transaction_id: 'tx', transaction_code: 'INV', payment_status: 1, invoice_url: '/pay/here', expired_at: null, bill: 104_440 } });
    await pay(t, 'box', 'DONATION');
    expect(keyOf(post.mock.calls[1]!)).toBe(keyOf(post.mock.calls[0]!));
    expect(assign).toHaveBeenCalledWith('/pay/here');
  });

  test('cash has no invoice: the transaction page opens with the order', async () => {
    chooseMethod({ ...va, payment_type: 'cash', display_name: 'Tunai' });
    post.mockResolvedValueOnce({ data: { order_box_id: 'box', transaction_id: 'tx', transaction_code: 'INV', payment_status: 2, invoice_url: null, expired_at: null, bill: 100_000 } });
    await pay(t, 'box', 'DONATION');
    expect(assign).toHaveBeenCalledWith('/transaction?order_box_id=box');
  });

  test('the method chooser closing because the summary opened does not end the checkout', () => {
    checkoutStep('summary');
    checkoutClosed('methods');
    expect($checkout.get().step).toBe('summary');
    checkoutClosed('summary');
    expect($checkout.get().step).toBe('closed');
  });
});

describe('paying a shipped order', () => {
  test('the checkout opens at the shipping step with the profile\'s address; pay sends the chosen service, and another service takes a new key', async () => {
    get.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'webhook/shipping-options') {
        return { data: { address: 'Jl. Merdeka 17', destination: '32.73', destination_name: 'Kota Bandung', weight: 800, couriers: [{ code: 'jne', name: 'JNE', costs: [{ service: 'REG', description: 'Reguler', cost: [{ value: 18_000, etd: '2-3', note: '' }] }] }] } };
      }
      return { data: { cash: [], bank_transfers: [va], ewallets: [], cstores: [] } };
    });
    await openCheckout(t, { orderBoxId: 'box', category: 'PRODUCT' });
    expect($checkout.get().step).toBe('shipping');
    await vi.waitFor(() => expect($shipping.get().address).toBe('Jl. Merdeka 17'));
    chooseMethod(va);
    // No service chosen yet: paying goes back to the shipping step and sends nothing.
    await pay(t, 'box', 'PRODUCT');
    expect([post.mock.calls.length, $checkout.get().step]).toEqual([0, 'shipping']);

    chooseShipping({ courier: 'jne', service: 'REG', fee: 18_000, etd: '2-3' });
    post.mockRejectedValueOnce(toApiError(503, undefined));
    await pay(t, 'box', 'PRODUCT');
    expect(post.mock.calls[0]![1]).toMatchObject({ category: 'PRODUCT', payment_type: 'bca_va', shipping: { courier: 'jne', service: 'REG', destination: '32.73', address: 'Jl. Merdeka 17' } });
    chooseShipping(PICKUP);
    post.mockResolvedValueOnce({ data: { order_box_id: 'box', invoice_url: '/pay' } });
    await pay(t, 'box', 'PRODUCT');
    expect(post.mock.calls[1]![1]).toMatchObject({ shipping: { courier: 'taken_directly' } });
    expect(keyOf(post.mock.calls[1]!)).not.toBe(keyOf(post.mock.calls[0]!));
    expect(assign).toHaveBeenCalledWith('/pay');
  });
});
