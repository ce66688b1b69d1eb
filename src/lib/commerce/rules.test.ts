import { describe, expect, it } from 'vitest';
import { computeBill, footerOf, lineTotal, percentOf, secondsLeft, type BillLine } from './rules.ts';

/** The bill rule written out with exact rational arithmetic, to check the integer version against. */
function referenceBill(lines: BillLine[], pct: number, fixed: number, taxPct: number, shipping: number): number {
  const amount = lines.reduce((s, l) => s + BigInt(l.price) * BigInt(l.number_of_copy), 0n);
  let discount = lines.reduce((s, l) => s + BigInt(l.discount_amount), 0n);
  if (discount > amount) discount = amount;
  const subtotal = amount - discount;
  // Percent with two decimals as a fraction over 10 000, truncated.
  const fee = (subtotal * BigInt(Math.round(pct * 100))) / 10000n + BigInt(fixed);
  const tax = (fee * BigInt(Math.round(taxPct * 100))) / 10000n;
  return Number(subtotal + fee + tax + BigInt(shipping));
}

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('computeBill', () => {
  it('sums price × copies minus discounts, then adds the fee and the tax on the fee, truncated', () => {
    const bill = computeBill([{ price: 45_000, number_of_copy: 3, discount_amount: 5_000 }], {
      admin_fee: { val_percentage: 0.7, val_currency: 4_000 },
      tax_percentage: 11,
    });
    // 135 000 − 5 000 = 130 000; fee 910 + 4 000 = 4 910; tax 540.1 → 540.
    expect(bill).toEqual({ amount: 135_000, discount_amount: 5_000, service_fee_amount: 4_910, tax_amount: 540, shipping_fee_amount: 0, bill: 135_450 });
  });

  it('has no fee without a method, and never a negative subtotal', () => {
    expect(computeBill([{ price: 10, number_of_copy: 1, discount_amount: 50 }]).bill).toBe(0);
    expect(lineTotal({ price: 10, number_of_copy: 2, discount_amount: 5 })).toBe(15);
  });

  it('agrees with the reference implementation on 2 000 random bills', () => {
    const next = rng(27);
    for (let i = 0; i < 2000; i++) {
      const lines = Array.from({ length: 1 + next(4) }, () => ({
        price: 1 + next(2_000_000),
        number_of_copy: 1 + next(1000),
        discount_amount: next(50_000),
      }));
      const pct = next(1001) / 100;
      const fixed = next(10_000);
      const taxPct = next(2001) / 100;
      const shipping = next(100_000);
      const bill = computeBill(lines, { admin_fee: { val_percentage: pct, val_currency: fixed }, tax_percentage: taxPct }, shipping);
      expect(bill.bill).toBe(referenceBill(lines, pct, fixed, taxPct, shipping));
      expect(Number.isInteger(bill.service_fee_amount) && Number.isInteger(bill.tax_amount)).toBe(true);
    }
  });

  it('truncates percentages of odd amounts', () => {
    expect(percentOf(999, 2.5)).toBe(24);
    expect(percentOf(1, 99.99)).toBe(0);
  });
});

describe('status rules', () => {
  it('gives each status its footer', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((s) => footerOf(s as never))).toEqual(['pay', 'pay', 'none', 'none', 'complaint_and_pay', 'none', 'none', 'received', 'none']);
  });
  it('counts down to zero and stays there', () => {
    expect(secondsLeft('2026-01-01T00:01:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(60);
    expect(secondsLeft('2026-01-01T00:01:00Z', Date.parse('2026-01-01T00:05:00Z'))).toBe(0);
  });
});
