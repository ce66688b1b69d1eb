import type { Context, MiddlewareHandler } from 'hono';
import { isUtf8 } from 'node:buffer';
import { ApiError, badRequest } from './errors.ts';

/*
 * Checks every API request gets before any router sees it: a method the API knows, no foreign
 * origin on an unsafe call, a body of the one media type its route reads, and a body no larger
 * than that route accepts. Each failure is a coded error, never a dropped connection.
 */

/** Methods any route of the API answers; anything else (TRACE, CONNECT, PROPFIND, ...) is a 405. */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** JSON bodies larger than this are refused. */
export const MAX_JSON_BYTES = 256 * 1024;

/** Routes that read multipart/form-data instead of JSON (each limits its own body). */
export const MULTIPART_ROUTES: Readonly<Record<string, true>> = {
  '/storage/uploadobject': true,
  '/storage/ingest': true,
  '/webhook/assignment-delivery': true,
  '/webhook/subject-material-file': true,
  '/webhook/school-class-import': true,
};

/** JSON, plain or as JSON:API (the client's own header). */
const JSON_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/vnd.api+json']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * True when `origin` (an Origin header, possibly "null") is one of `allowed`. An absent header is
 * not judged here: same-origin fetches of old browsers and non-browser clients send none.
 */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  if (origin === 'null') return false;
  let normal: string;
  try {
    normal = new URL(origin).origin;
  } catch {
    return false;
  }
  return allowed.includes(normal);
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function declaredLength(c: Context): number | null {
  const raw = c.req.header('content-length');
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

function hasBody(c: Context): boolean {
  const length = declaredLength(c);
  if (length !== null) return length > 0;
  if (c.req.header('transfer-encoding') !== undefined) return true;
  // Straight from a socket (@hono/node-server passes it as env.incoming), a request with neither
  // header has no body (RFC 9112, 6.3), and asking for c.req.raw.body would build a whole fetch
  // Request with a stream for nothing. A Request handed to app.fetch in-process may carry a
  // stream without either header, so that one is asked.
  if (fromSocket(c)) return false;
  return c.req.raw.body !== null;
}

/** Whether the request came straight from a socket (@hono/node-server passes it as env.incoming). */
function fromSocket(c: Context): boolean {
  return Boolean((c.env as { incoming?: unknown } | undefined)?.incoming);
}

/**
 * Reads the body while counting, so a chunked body over the limit is refused as well. A body of a
 * declared length straight from a socket is read at once instead: Node's parser delivers exactly
 * that many bytes, already checked against the limit, and reading it through c.req.raw.body would
 * build a whole fetch Request and a web stream for each request.
 */
async function limitBody(c: Context, max: number): Promise<Uint8Array> {
  if (fromSocket(c) && declaredLength(c) !== null && c.req.header('transfer-encoding') === undefined) {
    // Kept in Hono's cache of the body, which handlers read (text, json, arrayBuffer and the rest).
    return new Uint8Array(await c.req.arrayBuffer());
  }
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // Handlers read the buffered copy (text, json or form data) as usual.
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return bytes;
}

function tooLarge(max: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body may be at most ${Math.floor(max / 1024)} KB.`);
}

/**
 * The API's front door.
 * @param allowedOrigins origins (scheme://host:port) whose pages may make unsafe calls, besides
 *   the origin the request itself was sent to.
 */
export function requestGuard(allowedOrigins: () => readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!(KNOWN_METHODS as readonly string[]).includes(method)) {
      c.header('Allow', KNOWN_METHODS.join(', '));
      throw new ApiError(405, 'method_not_allowed', `The method ${method.slice(0, 20)} is not allowed.`);
    }
    if (!isUnsafeMethod(method)) return next();

    const origin = c.req.header('origin');
    // The app's pages, or the address the request was sent to (a client of this API itself).
    if (origin !== undefined && !isAllowedOrigin(origin, [...allowedOrigins(), new URL(c.req.url).origin])) {
      throw new ApiError(403, 'foreign_origin', 'Requests from other sites are not accepted.');
    }
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      throw new ApiError(403, 'foreign_origin', 'Requests from other sites are not accepted.');
    }
    const type = mediaType(c.req.header('content-type'));
    if (Object.hasOwn(MULTIPART_ROUTES, c.req.path)) {
      // The upload routes limit their own bodies, with their own messages.
      if (hasBody(c) && type !== 'multipart/form-data') throw new ApiError(415, 'unsupported_media_type', 'Send this as multipart/form-data.');
      return next();
    }
    const length = declaredLength(c);
    if (length !== null && length > MAX_JSON_BYTES) throw tooLarge(MAX_JSON_BYTES);
    const bytes = await limitBody(c, MAX_JSON_BYTES);
    if (bytes.byteLength === 0) return next();
    if (!JSON_TYPES.has(type)) throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
    // Checked on the bytes, before anything decodes them leniently (see validate.ts).
    if (!isUtf8(bytes)) throw badRequest('invalid_characters', 'Text may not contain NUL characters or bytes that are not UTF-8.');
    return next();
  };
}
