/*
 * Every order type, registered on import. A new type (a tryout package, storage, …) is one file
 * beside these calling registerOrderType, and one line here.
 */
import './donation.ts';
import './souvenir.ts';
import './tryout.ts';

export { orderTypeOf, isShippedType, type OrderTypeDefinition, type PaidLine, type PaidOrder } from './registry.ts';
