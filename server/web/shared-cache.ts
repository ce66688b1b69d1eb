import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SESSION_COOKIES } from '../../src/lib/contract/cookies.ts';
import { LANG_COOKIE, normalizeLang } from '../../src/lib/contract/lang.ts';
import { isApiRequest } from '../../src/lib/contract/paths.ts';
import { pickEncoding } from './static.ts';

/** Headers that belong to one transfer, not to the stored answer. */
const TRANSFER_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'vary', 'connection', 'keep-alive', 'date'];
/**
 * What an answer may vary on and still be kept: the key holds what the app reads of the cookies
 * (signed-in visitors bypass the cache; the language is part of the key).
 */
const KEYED_VARY = ['accept-encoding', 'cookie'];

export interface SharedCacheOptions {
  /** How many answers to keep; the least recently used goes first. */
  maxEntries?: number;
  /** Upper bound on freshness, whatever `s-maxage` says. */
  maxAgeSeconds?: number;
  /** Larger bodies are not kept. */
  maxBodyBytes?: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  stored: number;
  expires: number;
}

/**
 * A small shared cache in front of the web app, doing for signed-out visitors what a CDN would:
 * it keeps 200 answers that say `Cache-Control: public, s-maxage=N` (the public book pages) for
 * min(N, maxAgeSeconds), per scheme, host, address and language, and answers repeats without rendering them.
 * Never for a request with a session cookie or an Authorization header, never an answer that sets
 * a cookie or varies on anything but Accept-Encoding and Cookie.
 */
export function createSharedCache(options: SharedCacheOptions = {}) {
  const { maxEntries = 256, maxAgeSeconds = 30, maxBodyBytes = 512 * 1024, now = Date.now } = options;
  const entries = new Map<string, Entry>();

  /** The key of a request the cache may answer, or null. */
  function keyOf(req: IncomingMessage): string | null {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization || req.headers.range) return null;
    const url = req.url ?? '/';
    if (isApiRequest(url.split('?')[0]!, req.method)) return null;
    const cookies = parseCookies(req.headers.cookie);
    // A signed-in visitor's pages are never shared.
    if (SESSION_COOKIES.some((name) => cookies.has(name))) return null;
    // The app's security headers depend on the scheme (HSTS over HTTPS), as seen through a proxy too.
    const secure = Boolean((req.socket as { encrypted?: boolean }).encrypted) || req.headers['x-forwarded-proto'] === 'https';
    // The host too: a page for one of the site's names is never the answer for another.
    const host = (req.headers.host ?? '').toLowerCase();
    return `${secure ? 'https' : 'http'} ${host} ${normalizeLang(cookies.get(LANG_COOKIE))} ${url}`;
  }

  /** Answers from the cache when it can; true when it has answered. */
  function serve(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    if (entry.expires <= now()) {
      entries.delete(key);
      return false;
    }
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding ? (entry.encoded[encoding] ??= encode(entry.body, encoding)) : entry.body;
    res.writeHead(entry.status, {
      ...entry.headers,
      'content-length': body.length,
      vary: 'Cookie, Accept-Encoding',
      age: String(Math.floor((now() - entry.stored) / 1000)),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Lets `next` answer, keeping a copy of the answer when it may be shared. */
  function capture(res: ServerResponse, key: string, next: () => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let head: { status: number; headers: OutgoingHttpHeaders } | null = null;
    // Taken before the layers below (compression) add their own headers.
    const snapshot = (status: number, extra?: OutgoingHttpHeaders) => {
      head ??= { status, headers: { ...res.getHeaders(), ...lowerKeys(extra) } };
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > maxBodyBytes) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      chunks.push(buffer);
    };
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      snapshot(status, rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg)));
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      snapshot(res.statusCode);
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      snapshot(res.statusCode);
      keep(chunk, rest[0]);
      if (head && size <= maxBodyBytes) store(key, head.status, head.headers, Buffer.concat(chunks));
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    next();
  }

  function store(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
    if (status !== 200 || headers['set-cookie']) return;
    const control = String(headers['cache-control'] ?? '').toLowerCase();
    const shared = /(?:^|,)\s*s-maxage=(\d+)/.exec(control);
    if (!/(?:^|,)\s*public\s*(?:,|$)/.test(control) || !shared || /no-store|private/.test(control)) return;
    const vary = String(headers.vary ?? '').toLowerCase().split(',').map((v) => v.trim()).filter(Boolean);
    if (vary.some((v) => !KEYED_VARY.includes(v))) return;
    const seconds = Math.min(Number(shared[1]), maxAgeSeconds);
    if (seconds <= 0) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!TRANSFER_HEADERS.includes(name) && value !== undefined) kept[name] = value;
    entries.delete(key);
    entries.set(key, { status, headers: kept, body, encoded: {}, stored: now(), expires: now() + seconds * 1000 });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return { keyOf, serve, capture, size: () => entries.size };
}

function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  // Done once per stored answer and encoding; quality 5 is a good trade for pages this size.
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) cookies.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return cookies;
}

function lowerKeys(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
