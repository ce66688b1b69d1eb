import { describe, expect, test } from 'vitest';
import {
  canContinueDonation,
  cartCategory,
  cartHref,
  clockOffset,
  countdownShown,
  displayTotal,
  donationTotal,
  formatCountdown,
  parseCopyCount,
  parseListCategory,
  parseListTab,
  shippingEstimate,
  statusKey,
  statusTone,
} from './display.ts';
import { secondsLeft } from './rules.ts';

describe('cart addresses', () => {
  test('a short code or the category name picks the list category', () => {
    expect(cartCategory('D')).toBe('DONATION');
    expect(cartCategory('BP')).toBe('DONATION');
    expect(cartCategory('donation')).toBe('DONATION');
    expect(cartCategory('P')).toBe('PRODUCT');
    expect(cartCategory('T')).toBe('TRYOUT');
    expect(cartCategory('X')).toBeNull();
    expect(cartCategory(undefined)).toBeNull();
  });

  test('the cart of an order box goes by its short code', () => {
    expect(cartHref('b0x', 'DONATION')).toBe('/cart/b0x/D');
    expect(cartHref('a/b', 'PRODUCT')).toBe('/cart/a%2Fb/P');
  });

  test('the list category and tab fall back to DONATION and Status', () => {
    expect(parseListCategory('PRODUCT')).toBe('PRODUCT');
    expect(parseListCategory('<x>')).toBe('DONATION');
    expect(parseListCategory(null)).toBe('DONATION');
    expect(parseListTab('history')).toBe('history');
    expect(parseListTab('2')).toBe('status');
  });
});

describe('status labels', () => {
  test('each status has its text, and status 7 collected at the library says waiting pickup', () => {
    expect(statusKey({ payment_status: 1, courier_info: null })).toBe('commerce.status.waitingPayment');
    expect(statusKey({ payment_status: 8, courier_info: null })).toBe('commerce.status.received');
    expect(statusKey({ payment_status: 7, courier_info: { code: 'jne', etd: '2-3', store_phone: null } })).toBe('commerce.status.onDelivery');
    expect(statusKey({ payment_status: 7, courier_info: { code: 'taken_directly', etd: null, store_phone: null } })).toBe('commerce.status.waitingPickup');
    expect([1, 3, 4, 0].map(statusTone)).toEqual(['warning', 'success', 'error', 'info']);
  });

  test('the shipping estimate is a pre-order\'s duration, else the courier\'s', () => {
    expect(shippingEstimate({ pre_order: true, shipping_duration: 14, courier_info: null })).toEqual({ days: 14 });
    expect(shippingEstimate({ pre_order: false, shipping_duration: null, courier_info: { code: 'jne', etd: '2-3', store_phone: null } })).toEqual({ text: '2-3' });
    expect(shippingEstimate({ pre_order: false, shipping_duration: null, courier_info: null })).toBeNull();
  });
});

describe('the payment countdown', () => {
  test('counts to the server deadline with the server clock', () => {
    const offset = clockOffset('2026-11-27T10:00:00Z', Date.parse('2026-11-27T09:59:00Z'));
    expect(offset).toBe(60_000);
    // The browser thinks it is 09:59:00; the server's deadline of 10:01:30 is 90 s away on its clock.
    expect(secondsLeft('2026-11-27T10:01:30Z', Date.parse('2026-11-27T09:59:00Z') + offset)).toBe(90);
    expect(clockOffset('nonsense', 5)).toBe(0);
  });

  test('runs while the order waits for payment and stands at 0:00 once it was cancelled', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(countdownShown)).toEqual([1, 5]);
  });

  test('shows M:SS, H:MM:SS from an hour, and 0:00 once over', () => {
    expect(formatCountdown(90)).toBe('1:30');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(secondsLeft('2026-11-27T10:00:00Z', Date.parse('2026-11-27T11:00:00Z')))).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('totals', () => {
  test('amount minus discount plus fee and tax, plus shipping where the list shows it', () => {
    const order = { amount: 100_000, discount_amount: 10_000, service_fee_amount: 4_000, tax_amount: 440, shipping_fee_amount: 9_000 };
    expect(displayTotal(order)).toBe(94_440);
    expect(displayTotal(order, true)).toBe(103_440);
  });
});

describe('the donation dialog', () => {
  test('a copy count is a whole number from 1 to 1000', () => {
    expect(parseCopyCount('2')).toEqual({ count: 2, error: null });
    expect(parseCopyCount(' 3 ')).toEqual({ count: 3, error: null });
    expect(parseCopyCount('1000')).toEqual({ count: 1000, error: null });
    expect(parseCopyCount('0').error).toBe('min');
    expect(parseCopyCount('-4').error).toBe('min');
    expect(parseCopyCount('1.5').error).toBe('integer');
    expect(parseCopyCount('abc').error).toBe('integer');
    expect(parseCopyCount('').error).toBe('integer');
    expect(parseCopyCount('1001').error).toBe('max');
  });

  test('Continue needs a changed valid count, a library and a price above 0', () => {
    const ok = { count: '2', changed: true, epustakaId: 'lib', price: 50_000 };
    expect(canContinueDonation(ok)).toBe(true);
    expect(canContinueDonation({ ...ok, changed: false })).toBe(false);
    expect(canContinueDonation({ ...ok, epustakaId: null })).toBe(false);
    expect(canContinueDonation({ ...ok, price: 0 })).toBe(false);
    expect(canContinueDonation({ ...ok, count: '0' })).toBe(false);
  });

  test('the total is copies times price, 0 while the count is not valid', () => {
    expect(donationTotal(3, 45_000)).toBe(135_000);
    expect(donationTotal('x', 45_000)).toBe(0);
  });
});
