import type { Context } from 'hono';

/*
 * Who counts as "this machine": development tools such as the mail outbox answer only a client
 * whose connection comes from a loopback address and whose request passed through no proxy. A
 * request that names another hop (X-Forwarded-For, Forwarded, X-Real-IP, ...) may have come from
 * anywhere through a reverse proxy on this machine, so it never counts as local.
 */

/** Headers a proxy adds to say who the client really is. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
] as const;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  if (plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** True when the request carries any header by which a proxy names another client. */
export function hasForwardingHeaders(headers: HeaderSource): boolean {
  return FORWARDING_HEADERS.some((name) => header(headers, name) !== undefined);
}

/** True when a connection from `socketAddress` with these headers comes from this machine directly. */
export function isLocalClient(socketAddress: string | null | undefined, headers: HeaderSource): boolean {
  return isLoopbackAddress(socketAddress) && !hasForwardingHeaders(headers);
}

/**
 * The X-Forwarded-For value the web server hands the embedded API: the hops the client claimed
 * (or `unknown` when it named one in another header), then the address of the connection itself.
 */
export function forwardedChain(socketAddress: string, headers: HeaderSource): string {
  const claimed = header(headers, 'x-forwarded-for');
  if (claimed) return `${claimed}, ${socketAddress}`;
  return hasForwardingHeaders(headers) ? `unknown, ${socketAddress}` : socketAddress;
}

/**
 * Whether a call of the API comes from this machine. Straight from a socket (`npm run api`): a
 * loopback peer and no forwarding header. In process (the web server's embedded API, which has
 * no socket of its own): the web server's X-Forwarded-For must name exactly one hop, a loopback
 * one; it appends the connection's address to whatever the client claimed (see forwardedChain).
 */
export function isLocalApiCaller(c: Context): boolean {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const headers = c.req.raw.headers;
  if (incoming) return isLocalClient(incoming.socket?.remoteAddress, headers);
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim());
  const others = new Headers(headers);
  others.delete('x-forwarded-for');
  return hops.length === 1 && isLoopbackAddress(hops[0]) && !hasForwardingHeaders(others);
}

/** Paths of the development mail outbox (the page and its JSON API), however they are spelled. */
export function isOutboxPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Undecodable: compared as it is.
  }
  path = path.replace(/\/{2,}/g, '/').replace(/\/+$/, '').toLowerCase();
  return path === '/dev/outbox' || path === '/webhook/dev-outbox';
}

/** Paths of the payment sandbox's pay page, however they are spelled: this machine only, like the outbox. */
export function isPaymentSandboxPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Undecodable: compared as it is.
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return path.startsWith('/webhook/payment-sandbox');
}
