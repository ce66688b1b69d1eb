import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API answers with `{ errors: [{ code, message }] }` and `status`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field?: string;
  /** Seconds to wait before trying again (a 429): sent as `Retry-After` and as `retry_after`. */
  readonly retryAfter?: number;

  constructor(status: ContentfulStatusCode, code: string, message: string, options?: { field?: string; cause?: unknown; retryAfter?: number }) {
    super(message, { cause: options?.cause });
    this.status = status;
    this.code = code;
    this.field = options?.field;
    this.retryAfter = options?.retryAfter;
  }
}

export const badRequest = (code: string, message: string, field?: string) => new ApiError(400, code, message, { field });
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);

/** The one place errors become responses; unexpected ones are logged with the request and hidden. */
export function respondToError(error: unknown, c: Context) {
  if (error instanceof ApiError) {
    const item: { code: string; message: string; field?: string; retry_after?: number } = { code: error.code, message: error.message };
    if (error.field) item.field = error.field;
    if (error.retryAfter === undefined) return c.json({ errors: [item] }, error.status);
    item.retry_after = error.retryAfter;
    return c.json({ errors: [item] }, error.status, { 'Retry-After': String(error.retryAfter) });
  }
  console.error(`[api] ${c.req.method} ${c.req.url}`, error);
  return c.json({ errors: [{ code: 'internal_error', message: 'Something went wrong on our side.' }] }, 500);
}
