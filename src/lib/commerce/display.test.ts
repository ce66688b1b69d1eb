import { describe, expect, test } from 'vitest';
import {
  canContinueDonation,
  cartCategory,
  cartHref,
  clockOffset,
  complaintHref,
  displayTotal,
  donationTotal,
  formatCountdown,
  linesTotal,
  orderFooter,
  parseCopyCount,
  parseListCategory,
  parseListTab,
  secondsLeft,
  showsCountdown,
  statusName,
} from './display.ts';

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

describe('the footer of an order', () => {
  test('follows its status', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(orderFooter)).toEqual(['cart', 'payNow', 'none', 'none', 'failed', 'none', 'none', 'received', 'none']);
  });

  test('only an order waiting for payment counts down', () => {
    expect([0, 1, 2, 3, 4, 5].filter(showsCountdown)).toEqual([1]);
  });

  test('each status has a name for its label', () => {
    expect(statusName(1)).toBe('waitingPayment');
    expect(statusName(8)).toBe('received');
    expect(statusName(42)).toBe('unknown');
  });
});

describe('the payment countdown', () => {
  test('counts to the server deadline with the server clock', () => {
    const offset = clockOffset('2026-11-27T10:00:00Z', Date.parse('2026-11-27T09:59:00Z'));
    expect(offset).toBe(60_000);
    // The browser thinks it is 09:59:00; the server's deadline of 10:01:30 is 90 s away on its clock.
    expect(secondsLeft('2026-11-27T10:01:30Z', Date.parse('2026-11-27T09:59:00Z') + offset)).toBe(90);
  });

  test('shows M:SS, H:MM:SS from an hour, and 0:00 once over', () => {
    expect(formatCountdown(90)).toBe('1:30');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(secondsLeft('2026-11-27T10:00:00Z', Date.parse('2026-11-27T11:00:00Z')))).toBe('0:00');
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft('nonsense', 0)).toBe(0);
  });
});

describe('totals', () => {
  test('amount minus discount plus fee and tax, plus shipping where the list shows it', () => {
    const order = { amount: 100_000, discount_amount: 10_000, service_fee_amount: 4_000, tax_amount: 440, shipping_fee_amount: 9_000 };
    expect(displayTotal(order)).toBe(94_440);
    expect(displayTotal(order, true)).toBe(103_440);
    expect(displayTotal({ amount: 50_000 })).toBe(50_000);
  });

  test('lines add price times copies less their discounts', () => {
    expect(linesTotal([{ price: 25_000, number_of_copy: 2, discount_amount: 5_000 }, { price: 10_000, number_of_copy: 1 }])).toBe(55_000);
  });
});

describe('the donation dialog', () => {
  test('a copy count is a whole number from 1', () => {
    expect(parseCopyCount('2')).toEqual({ count: 2, error: null });
    expect(parseCopyCount(' 3 ')).toEqual({ count: 3, error: null });
    expect(parseCopyCount('0').error).toBe('min');
    expect(parseCopyCount('-4').error).toBe('min');
    expect(parseCopyCount('1.5').error).toBe('integer');
    expect(parseCopyCount('abc').error).toBe('integer');
    expect(parseCopyCount('').error).toBe('integer');
    expect(parseCopyCount('99999999').error).toBe('max');
  });

  test('Continue needs a changed valid count, a library and a price above 0', () => {
    const ok = { count: '2', changed: true, epustakaId: 'lib', price: 50_000 };
    expect(canContinueDonation(ok)).toBe(true);
    expect(canContinueDonation({ ...ok, changed: false })).toBe(false);
    expect(canContinueDonation({ ...ok, epustakaId: null })).toBe(false);
    expect(canContinueDonation({ ...ok, price: 0 })).toBe(false);
    expect(canContinueDonation({ ...ok, count: '0' })).toBe(false);
  });

  test('the total is copies times price', () => {
    expect(donationTotal(3, 45_000)).toBe(135_000);
  });
});

describe('complaints', () => {
  test('open a chat with the number in international form', () => {
    expect(complaintHref('0812-3456-7890', 'Pesanan INV-1')).toBe('https://wa.me/6281234567890?text=Pesanan%20INV-1');
    expect(complaintHref('+62 812 3456 7890', 'x')).toBe('https://wa.me/6281234567890?text=x');
    expect(complaintHref('', 'x')).toBeNull();
    expect(complaintHref(null, 'x')).toBeNull();
  });
});
