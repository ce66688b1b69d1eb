import type { AdminFee, PaymentStatus } from './schema.ts';

/*
 * Pure commerce rules shared by the API and the pages: the bill of an order box (spec 03 §4.4) and
 * what each status offers. Money is whole rupiah; percentages have at most two decimals and are
 * computed in hundredths of a percent with integer arithmetic, truncating toward zero.
 */

/** A line as the bill sees it: one copy's price, the copies, and the discount of the whole line. */
export interface BillLine {
  price: number;
  number_of_copy: number;
  discount_amount: number;
}

/** The parts of a bill, all whole rupiah. */
export interface Bill {
  amount: number;
  discount_amount: number;
  service_fee_amount: number;
  tax_amount: number;
  shipping_fee_amount: number;
  bill: number;
}

/** A percentage as whole hundredths of a percent (0.7 → 70); more decimals are rounded away. */
export function percentHundredths(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}

/** `value` × `percent` % truncated to whole rupiah. */
export function percentOf(value: number, percent: number): number {
  return Number((BigInt(value) * percentHundredths(percent)) / 10_000n);
}

/** A line's total: price × copies − its discount (never below 0). */
export function lineTotal(line: BillLine): number {
  return Math.max(0, line.price * line.number_of_copy - line.discount_amount);
}

/**
 * The bill: amount = Σ price × copies; subtotal = amount − discounts; admin fee = subtotal ×
 * fee percentage + the fixed fee; tax = admin fee × tax percentage; bill = subtotal + admin fee +
 * tax + shipping. Each percentage part is truncated to whole rupiah. No fee: the fee and tax are 0.
 */
export function computeBill(lines: readonly BillLine[], fee?: { admin_fee: AdminFee; tax_percentage: number }, shipping = 0): Bill {
  const amount = lines.reduce((sum, l) => sum + l.price * l.number_of_copy, 0);
  const discount = Math.min(amount, lines.reduce((sum, l) => sum + l.discount_amount, 0));
  const subtotal = amount - discount;
  const serviceFee = fee ? percentOf(subtotal, fee.admin_fee.val_percentage) + fee.admin_fee.val_currency : 0;
  const tax = fee ? percentOf(serviceFee, fee.tax_percentage) : 0;
  return {
    amount,
    discount_amount: discount,
    service_fee_amount: serviceFee,
    tax_amount: tax,
    shipping_fee_amount: shipping,
    bill: subtotal + serviceFee + tax + shipping,
  };
}

/** Whether the page shows the countdown to `expired_at` (waiting payment). */
export function showsCountdown(status: PaymentStatus): boolean {
  return status === 1;
}

/**
 * The footer of the transaction detail (spec 03 §4.1): 7 offers "order received"; 4 offers a
 * complaint and pay-now; 2, 3, 5, 6 and 8 none; others pay-now.
 */
export function footerOf(status: PaymentStatus): 'received' | 'complaint_and_pay' | 'none' | 'pay' {
  if (status === 7) return 'received';
  if (status === 4) return 'complaint_and_pay';
  if (status === 2 || status === 3 || status === 5 || status === 6 || status === 8) return 'none';
  return 'pay';
}

/** Remaining whole seconds until `expiredAt` at `now` (0 once passed). */
export function secondsLeft(expiredAt: string | null, now: number): number {
  if (!expiredAt) return 0;
  return Math.max(0, Math.floor((Date.parse(expiredAt) - now) / 1000));
}
