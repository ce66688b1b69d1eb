import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors.ts';

/** Parses the JSON body with `schema`; a malformed body or a failed rule is a coded 400. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (cause) {
      throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.', { cause });
    }
  }
  return check(schema, raw);
}

/** Parses the query string with `schema` (repeated keys keep the last value). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return check(schema, c.req.query());
}

function check<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  // Schemas name their failures with a code-like message ("invalid_email"); others get a generic code.
  const code = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_input';
  const message = field ? `${field}: ${issue.message}` : issue.message;
  throw badRequest(code, message, field);
}
