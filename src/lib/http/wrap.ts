/** Options of the data-wrapper rule. */
export interface WrapOptions {
  /** A feed source sends its body as-is whatever its path. */
  feedSource?: boolean;
}

const AS_IS_PREFIXES = ['api/', 'webhook/', 'auth/'];

/**
 * True when a body goes out as-is (spec 01 §7): paths starting `api/`, `webhook/` or `auth/`
 * (a leading slash ignored), or a feed source.
 */
export function sendsBodyAsIs(path: string, options: WrapOptions = {}): boolean {
  if (options.feedSource) return true;
  const route = path.replace(/^\/+/, '');
  return AS_IS_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/** True for bodies that are already encoded (forms, files, URL-encoded forms, text): never wrapped. */
export function isEncodedBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

/**
 * The body to send for a path: as-is when {@link sendsBodyAsIs}, else `{ data: body }`.
 * No body stays no body, and encoded bodies (forms, files, text) are always sent as-is.
 */
export function wrapBody(path: string, body: unknown, options: WrapOptions = {}): unknown {
  if (body === undefined || isEncodedBody(body) || sendsBodyAsIs(path, options)) return body;
  return { data: body };
}
