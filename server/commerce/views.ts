import type { Queryable } from '../db/client.ts';
import type { Order, OrderLine, OrderObject, OrderType, PaymentType } from '../../src/lib/commerce/schema.ts';
import { TAKEN_DIRECTLY } from '../../src/lib/commerce/schema.ts';
import { lineTotal } from '../../src/lib/commerce/rules.ts';
import { paymentMethod } from './methods.ts';
import { orderTypeOf } from './order-types/index.ts';
import type { LineRow, OrderRow } from './repository.ts';

/* Rows as the API answers them (spec 03 §3 field names). */

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** An order box row as the answer's order. */
export function toOrder(row: OrderRow, options: { adminChatNumber: string; storePhone?: string | null }): Order {
  const type = row.payment_type as PaymentType | null;
  const method = type ? paymentMethod(type) : null;
  const phone = options.storePhone ?? options.adminChatNumber;
  return {
    id: row.id,
    category: row.category,
    payment_status: row.payment_status,
    transaction_id: row.transaction_id,
    transaction_code: row.transaction_code,
    payment_type: type,
    display_name: method?.display_name ?? null,
    icon_url: method?.icon_url ?? null,
    amount: Number(row.amount),
    discount_amount: Number(row.discount_amount),
    service_fee_amount: Number(row.service_fee_amount),
    tax_amount: Number(row.tax_amount),
    shipping_fee_amount: Number(row.shipping_fee_amount),
    bill: Number(row.bill),
    item_count: row.item_count,
    created_at: iso(row.created_at)!,
    expired_at: iso(row.expired_at),
    paid_at: iso(row.paid_at),
    paid_late: row.paid_late,
    late_decision: row.late_decision,
    invoice_url: row.invoice_url,
    notes: row.notes,
    courier_info: row.courier_code
      ? { code: row.courier_code, service: row.courier_service, etd: row.courier_etd, store_phone: options.storePhone ?? null }
      : null,
    pre_order: false,
    shipping_duration: null,
    receipt_number: row.courier_code === TAKEN_DIRECTLY ? null : row.receipt_number,
    complaint_url: phone ? `https://wa.me/${phone}` : null,
  };
}

/** Lines as the answer's lines, each described by its order type. */
export async function toLines(db: Queryable, rows: LineRow[]): Promise<OrderLine[]> {
  const byType = new Map<string, string[]>();
  for (const r of rows) byType.set(r.order_type, [...(byType.get(r.order_type) ?? []), r.order_type_id]);
  const objects = new Map<string, OrderObject>();
  for (const [type, ids] of byType) {
    for (const [id, object] of await orderTypeOf(type).describe(db, ids)) objects.set(`${type}:${id}`, object);
  }
  return rows.map((r) => ({
    id: r.id,
    order_type: r.order_type as OrderType,
    order_type_id: r.order_type_id,
    price: r.price,
    number_of_copy: r.number_of_copy,
    discount_amount: r.discount_amount,
    total: lineTotal(r),
    order_object: objects.get(`${r.order_type}:${r.order_type_id}`) ?? {},
    epustaka: r.epustaka_id ? { id: r.epustaka_id, epustaka_name: r.epustaka_name ?? '' } : null,
  }));
}
