import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors.ts';

/*
 * The validation layer: every JSON body, query string and JSON-in-a-parameter passes through
 * here. Before any schema runs, text that no column can store is refused once for all fields:
 * bytes that are not UTF-8, NUL characters (PostgreSQL refuses them in text) and lone UTF-16
 * surrogates (which have no UTF-8 form), each a 400 `invalid_characters` naming the field.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function invalidCharacters(field: string | undefined): ApiError {
  const where = field ? `${field}: ` : '';
  return badRequest('invalid_characters', `${where}Text may not contain NUL characters or bytes that are not UTF-8.`, field);
}

/** True for text every layer can store: well-formed UTF-16 (so it has a UTF-8 form) with no NUL. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * Throws a coded 400 when any string in `value` (keys included, at any depth) is not storable text.
 * @param field the name reported for a top-level string; nested values report their path.
 */
export function assertStorableText(value: unknown, field?: string): void {
  const walk = (item: unknown, path: string | undefined, depth: number): void => {
    if (typeof item === 'string') {
      if (!isStorableText(item)) throw invalidCharacters(path);
      return;
    }
    if (typeof item !== 'object' || item === null || depth > 64) return;
    if (Array.isArray(item)) {
      item.forEach((entry, index) => walk(entry, path ? `${path}.${index}` : String(index), depth + 1));
      return;
    }
    for (const [key, entry] of Object.entries(item)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) throw invalidCharacters(path);
      walk(entry, at, depth + 1);
    }
  };
  walk(value, field, 0);
}

/** Parses the JSON body with `schema`; a malformed body or a failed rule is a coded 400. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown = {};
  let text: string;
  try {
    text = utf8.decode(await c.req.arrayBuffer());
  } catch {
    throw invalidCharacters(undefined);
  }
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (cause) {
      throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.', { cause });
    }
  }
  assertStorableText(raw);
  return check(schema, raw);
}

/**
 * The query string as name → value (repeated names keep the last value), decoded strictly: a
 * percent-encoding that is not UTF-8 is a 400 rather than being passed on undecoded.
 */
export function strictQuery(url: string): Record<string, string> {
  const search = new URL(url).search.slice(1);
  const out: Record<string, string> = {};
  if (!search) return out;
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const name = decodePart(rawName, undefined);
    const value = decodePart(rawValue, name);
    if (!isStorableText(name)) throw invalidCharacters(undefined);
    if (!isStorableText(value)) throw invalidCharacters(name);
    out[name] = value;
  }
  return out;
}

function decodePart(part: string, field: string | undefined): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw invalidCharacters(field);
  }
}

/** Parses the query string with `schema` (repeated keys keep the last value). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return check(schema, strictQuery(c.req.url));
}

export function check<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  // Schemas name their failures with a code-like message ("invalid_email"); others get a generic code.
  const code = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_input';
  const message = field ? `${field}: ${issue.message}` : issue.message;
  throw badRequest(code, message, field);
}
