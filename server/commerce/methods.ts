import type { PaymentGroup, PaymentMethod, PaymentType } from '../../src/lib/commerce/schema.ts';

/*
 * The payment methods on offer, their group and fees: an admin fee (a percentage of the subtotal
 * plus a fixed amount) and a tax on that fee (11 %, Indonesia's VAT). Cash has no fee.
 */

const TAX = 11;

/** Each method: its group, name, fee percentage and fixed fee. */
const METHODS: Record<PaymentType, { group: PaymentGroup; name: string; pct: number; fixed: number }> = {
  cash: { group: 'cash', name: 'Tunai', pct: 0, fixed: 0 },
  bca_va: { group: 'bank_transfers', name: 'BCA Virtual Account', pct: 0, fixed: 4_000 },
  bni_va: { group: 'bank_transfers', name: 'BNI Virtual Account', pct: 0, fixed: 4_000 },
  bri_va: { group: 'bank_transfers', name: 'BRI Virtual Account', pct: 0, fixed: 4_000 },
  mandiri_va: { group: 'bank_transfers', name: 'Mandiri Bill Payment', pct: 0, fixed: 4_000 },
  permata_va: { group: 'bank_transfers', name: 'Permata Virtual Account', pct: 0, fixed: 4_000 },
  gopay: { group: 'ewallets', name: 'GoPay', pct: 2, fixed: 0 },
  ovo: { group: 'ewallets', name: 'OVO', pct: 1.5, fixed: 0 },
  dana: { group: 'ewallets', name: 'DANA', pct: 1.5, fixed: 0 },
  shopeepay: { group: 'ewallets', name: 'ShopeePay', pct: 2, fixed: 0 },
  qris: { group: 'ewallets', name: 'QRIS', pct: 0.7, fixed: 0 },
  alfamart: { group: 'cstores', name: 'Alfamart', pct: 0, fixed: 5_000 },
  indomaret: { group: 'cstores', name: 'Indomaret', pct: 0, fixed: 5_000 },
};

/** A method as payment-method-list and the bill show it. */
export function paymentMethod(type: PaymentType): PaymentMethod {
  const m = METHODS[type];
  return {
    payment_type: type,
    display_name: m.name,
    icon_url: `/payment-methods/${type}.svg`,
    admin_fee: { val_percentage: m.pct, val_currency: m.fixed },
    tax_percentage: type === 'cash' ? 0 : TAX,
  };
}

/** The methods by group; online ones only when online payment is available. */
export function paymentMethodGroups(online: boolean): Record<PaymentGroup, PaymentMethod[]> {
  const groups: Record<PaymentGroup, PaymentMethod[]> = { cash: [], bank_transfers: [], ewallets: [], cstores: [] };
  for (const type of Object.keys(METHODS) as PaymentType[]) {
    if (type !== 'cash' && !online) continue;
    groups[METHODS[type].group].push(paymentMethod(type));
  }
  return groups;
}
