/*
 * The commerce contract: donations, the order box, payments and shipping (spec 03 §2.12–2.18, §3,
 * §4.1–4.4, §7.1). Every path is under `webhook/`. Inputs are zod schemas the API validates with
 * (a failure is a 400 whose `errors[0].code` is the code named here); answers are zod schemas too,
 * so a client may parse them. Money is always a whole number of rupiah. Dates are ISO 8601 strings.
 */

export * from './values.schema.ts';
export * from './donation.schema.ts';
export * from './order.schema.ts';
export * from './payment.schema.ts';
