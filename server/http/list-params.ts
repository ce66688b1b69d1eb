import type { ListBody } from '../../src/lib/contract/common.ts';
import { ApiError, badRequest } from './errors.ts';
import { assertStorableText } from './validate.ts';
import { shorten } from '../../src/lib/contract/shorten.ts';

/*
 * Allowlist parsing of the `filter` and `sort` query parameters. The parser only ever returns
 * field names and operators taken from the caller's allowlist, with values checked against the
 * field's type; turning them into SQL (fixed fragments, values as bound parameters) is up to the
 * repository. Anything outside the allowlist is a 400 `invalid_filter` / `invalid_sort`.
 */

/** Comparison operators a filter may use. */
export type FilterOp = 'eq' | 'in' | 'ilike' | 'gte' | 'lte';

const OPS: ReadonlySet<string> = new Set<FilterOp>(['eq', 'in', 'ilike', 'gte', 'lte']);

/**
 * Value types: `uuid`; `text` (1..200 characters, trimmed); `int` (safe integer within
 * `min`..`max`); `bool` (true/false, also as strings); `uuid_or_text` (a uuid stays a uuid,
 * anything else is text; tell them apart with {@link isUuid}).
 */
export type FilterValueType = 'uuid' | 'text' | 'int' | 'bool' | 'uuid_or_text';

/** One filterable field of an allowlist. */
export interface FilterField {
  type: FilterValueType;
  /** Operators allowed; a bare value means `eq`, so `eq` must be listed for it. */
  ops: readonly FilterOp[];
  /** Other names accepted for the field (`c.id` for `category_id`). */
  aliases?: readonly string[];
  min?: number;
  max?: number;
}

export type Scalar = string | number | boolean;

/** One checked condition: `field` is the allowlist's canonical name. */
export interface FilterCondition<K extends string> {
  field: K;
  op: FilterOp;
  /** An array for `in`, a scalar otherwise. */
  value: Scalar | Scalar[];
}

/** At most this many conditions, and this many values in one `in`. */
export const MAX_CONDITIONS = 20;
export const MAX_IN_VALUES = 50;
const MAX_TEXT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function invalidFilter(message: string) {
  return badRequest('invalid_filter', message, 'filter');
}

/** A short, printable form of untrusted input for error messages. */
function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(shorten(text, 41, { above: 40, maxLength: 160 }));
}

/**
 * Parses a `filter` parameter: a JSON object of conditions (all must hold), or an array of such
 * objects. A condition is `name: value` (`eq`) or `name: { op: value, ... }`.
 * @returns the conditions, with canonical field names; none for an absent or blank parameter.
 * @throws ApiError 400 `invalid_filter` for malformed JSON, unknown names or operators, or bad values.
 */
export function parseFilter<K extends string>(raw: string | undefined, fields: Record<K, FilterField>): FilterCondition<K>[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (cause) {
    throw new ApiError(400, 'invalid_filter', 'filter is not valid JSON.', { field: 'filter', cause });
  }
  // JSON escapes can spell what the query string could not carry (a \u0000, a lone surrogate).
  assertStorableText(parsed, 'filter');
  const byName = new Map<string, { key: K; spec: FilterField }>();
  for (const key of Object.keys(fields) as K[]) {
    const spec = fields[key];
    byName.set(key, { key, spec });
    for (const alias of spec.aliases ?? []) byName.set(alias, { key, spec });
  }
  const groups = Array.isArray(parsed) ? parsed : [parsed];
  const conditions: FilterCondition<K>[] = [];
  for (const group of groups) {
    if (!isPlainObject(group)) throw invalidFilter('filter must be a JSON object of conditions.');
    for (const [name, given] of Object.entries(group)) {
      const entry = byName.get(name);
      if (!entry) throw invalidFilter(`Unknown filter field ${quote(name)}.`);
      const { key, spec } = entry;
      const pairs: [string, unknown][] = isPlainObject(given) ? Object.entries(given) : [['eq', given]];
      if (pairs.length === 0) throw invalidFilter(`Filter field ${quote(name)} has no condition.`);
      for (const [op, value] of pairs) {
        if (!OPS.has(op) || !spec.ops.includes(op as FilterOp)) throw invalidFilter(`Operator ${quote(op)} is not allowed on ${quote(name)}.`);
        conditions.push({ field: key, op: op as FilterOp, value: checkValue(name, spec, op as FilterOp, value) });
        if (conditions.length > MAX_CONDITIONS) throw invalidFilter(`At most ${MAX_CONDITIONS} filter conditions.`);
      }
    }
  }
  return conditions;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkValue(name: string, spec: FilterField, op: FilterOp, value: unknown): Scalar | Scalar[] {
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
      throw invalidFilter(`${quote(name)} in needs a list of 1 to ${MAX_IN_VALUES} values.`);
    }
    return value.map((v) => checkScalar(name, spec, v));
  }
  return checkScalar(name, spec, value);
}

function checkScalar(name: string, spec: FilterField, value: unknown): Scalar {
  const bad = () => invalidFilter(`Bad value for ${quote(name)}.`);
  switch (spec.type) {
    case 'uuid':
      if (!isUuid(value)) throw bad();
      return value.toLowerCase();
    case 'text':
    case 'uuid_or_text': {
      if (typeof value !== 'string') throw bad();
      const text = value.trim();
      if (text === '' || text.length > MAX_TEXT) throw bad();
      return spec.type === 'uuid_or_text' && isUuid(text) ? text.toLowerCase() : text;
    }
    case 'int': {
      const n = typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad();
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) throw bad();
      return n;
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
  }
}

/**
 * Parses a `sort` parameter against `allowed` (accepted spelling → canonical sort).
 * @returns the canonical sort; `fallback` for an absent or blank parameter.
 * @throws ApiError 400 `invalid_sort` for any other value.
 */
export function parseSort<K extends string>(raw: string | undefined, allowed: Record<string, K>, fallback: K): K {
  const text = raw?.trim() ?? '';
  if (text === '') return fallback;
  if (!Object.hasOwn(allowed, text)) throw badRequest('invalid_sort', `Unknown sort ${quote(text)}.`, 'sort');
  return allowed[text]!;
}

/** Collects bound parameters: `add(value)` returns its `$n` placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` in it matching themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list response: `{ data, meta: { total, limit, offset } }`. */
export function listBody<T>(page: { rows: T[]; total: number }, paging: { limit: number; offset: number }): ListBody<T> {
  return { data: page.rows, meta: { total: page.total, limit: paging.limit, offset: paging.offset } };
}
