// Obfuscation, not security: the salt and secret below ship with every page, so anyone with the
// browser's storage can decode the values. It keeps stored settings unreadable at a glance and
// makes edited values fall back to their defaults. No token is ever stored this way; tokens live
// in HttpOnly cookies only.

/** Prefix of every local-storage key the app writes. */
export const KEY_PREFIX = 'ew.';

const KEY_SALT = 'epustaka-web/keys/v1';
const VALUE_SECRET = 'epustaka-web/values/v1:7c1e9a4f2b';
const FORMAT_VERSION = 1;
const HEADER_BYTES = 5;

/** cyrb53: a fast, well-spread 53-bit string hash (not cryptographic). */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The storage key of a logical name: `ew.` and a salted hash, the same on every visit. */
export function storageKey(name: string): string {
  return KEY_PREFIX + cyrb53(`${KEY_SALT}\u0000${name}`).toString(16).padStart(14, '0');
}

/** mulberry32 bytes seeded from the secret and the key, so each key has its own keystream. */
function keystream(key: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = cyrb53(`${VALUE_SECRET}\u0000${key}`) >>> 0;
  for (let i = 0; i < length; i += 4) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const word = (t ^ (t >>> 14)) >>> 0;
    for (let j = 0; j < 4 && i + j < length; j++) bytes[i + j] = (word >>> (8 * j)) & 0xff;
  }
  return bytes;
}

function xor(bytes: Uint8Array, key: string): Uint8Array {
  const stream = keystream(key, bytes.length);
  return bytes.map((byte, i) => byte ^ stream[i]!);
}

function checksum(json: string, key: string): number {
  return cyrb53(json, cyrb53(key)) >>> 0;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The stored form of `value` under `key`: a format byte, a 4-byte checksum and the JSON, XOR-ed
 * with the key's keystream and base64url-encoded. Throws for values JSON cannot represent.
 */
export function encodeValue(key: string, value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('The value cannot be stored as JSON');
  const body = new TextEncoder().encode(json);
  const sum = checksum(json, key);
  const plain = new Uint8Array(HEADER_BYTES + body.length);
  plain.set([FORMAT_VERSION, sum >>> 24, (sum >>> 16) & 0xff, (sum >>> 8) & 0xff, sum & 0xff]);
  plain.set(body, HEADER_BYTES);
  return toBase64Url(xor(plain, key));
}

/**
 * The value stored under `key`, or `{ ok: false }` when there is none or it was not written by
 * {@link encodeValue} for this key (edited, truncated, copied from another key, older format).
 */
export function decodeValue(key: string, stored: string | null | undefined): { ok: true; value: unknown } | { ok: false } {
  if (!stored) return { ok: false };
  const bytes = fromBase64Url(stored);
  if (!bytes || bytes.length <= HEADER_BYTES) return { ok: false };
  const plain = xor(bytes, key);
  if (plain[0] !== FORMAT_VERSION) return { ok: false };
  const sum = ((plain[1]! << 24) | (plain[2]! << 16) | (plain[3]! << 8) | plain[4]!) >>> 0;
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(plain.subarray(HEADER_BYTES));
  } catch {
    return { ok: false };
  }
  if (checksum(json, key) !== sum) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false };
  }
}
