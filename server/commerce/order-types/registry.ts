import type { Queryable } from '../../db/client.ts';
import type { ApiDeps } from '../../deps.ts';
import type { UserRow } from '../../auth/repository.ts';
import type { OrderCategory, OrderObject, OrderType } from '../../../src/lib/commerce/schema.ts';
import { badRequest } from '../../http/errors.ts';

/*
 * The order types: what may be put in an order box and what happens once it is paid. The core
 * (the box, the payment states, the gateway) knows none of them by name; each type is one file that
 * calls registerOrderType, listed in order-types/index.ts.
 */

/** A line being added: who adds what, how many, for which library. */
export interface PriceRequest {
  deps: ApiDeps;
  caller: UserRow;
  itemId: string;
  epustakaId: string | undefined;
  copies: number;
}

/** A paid line, handed to the type's entitlement hook. */
export interface PaidLine {
  id: string;
  order_type: string;
  order_type_id: string;
  epustaka_id: string | null;
  number_of_copy: number;
}

/** The order a paid line belongs to. */
export interface PaidOrder {
  id: string;
  user_id: string;
  category: OrderCategory;
}

/** One kind of order line. */
export interface OrderTypeDefinition {
  orderType: OrderType;
  /** The list category its boxes belong to. */
  category: OrderCategory;
  /** Whether a paid order of it is shipped (then paid means 6, verified, waiting to be shipped). */
  shipped: boolean;
  /**
   * Checks the request and answers one copy's price and the line's discount in rupiah, reading
   * the item in `db`. Throws a coded 4xx for an item that may not be ordered.
   */
  price(db: Queryable, request: PriceRequest): Promise<{ price: number; discount: number; weight?: number }>;
  /** What each item is, by item id, for the lines shown to the buyer. */
  describe(db: Queryable, itemIds: string[]): Promise<Map<string, OrderObject>>;
  /**
   * What being paid gives (copies to a library, access to a package, …). Runs once per line, in
   * the transaction that moves the order to paid, so it stands or falls with the payment.
   * Answers work to do after the commit (e.g. notifications by mail), if any.
   */
  onPaid(tx: Queryable, deps: ApiDeps, order: PaidOrder, line: PaidLine, now: Date): Promise<(() => Promise<void>) | void>;
}

const registry = new Map<OrderType, OrderTypeDefinition>();

/** Adds an order type; a second definition of one type is a programming error. */
export function registerOrderType(definition: OrderTypeDefinition): void {
  if (registry.has(definition.orderType)) throw new Error(`Order type ${definition.orderType} is registered twice.`);
  registry.set(definition.orderType, definition);
}

/** The definition of an order type; a type nobody registered is a 400 `order_type_unavailable`. */
export function orderTypeOf(orderType: string): OrderTypeDefinition {
  const definition = registry.get(orderType as OrderType);
  if (!definition) throw badRequest('order_type_unavailable', `Orders of type ${orderType} are not available.`, 'order_type');
  return definition;
}

/** Whether any line type of a category is shipped. */
export function isShippedType(orderType: string): boolean {
  return registry.get(orderType as OrderType)?.shipped ?? false;
}
