/**
 * The browser's half of the stream cipher of DRM books (the spec's "client-side routine"); see
 * server/reader/crypto.ts for the scheme. A chunk is AES-256-GCM ciphertext followed by its 16-byte
 * tag, under a key derived with HKDF-SHA-256 from the loan's borrow key, the file's salt and the
 * book, user and object names; its nonce is four zero bytes and the chunk index (64-bit big-endian).
 */
export const TAG_BYTES = 16;
const INFO_PREFIX = 'epustaka-stream/v1';

export interface StreamKeyInput {
  borrowKey: string;
  salt: string;
  bookId: string;
  userId: string;
  object: string;
}

const encoder = new TextEncoder();

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The AES-GCM key of one object of a loan. */
export async function deriveStreamKey(input: StreamKeyInput): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(input.borrowKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: base64UrlToBytes(input.salt),
      info: encoder.encode(`${INFO_PREFIX}\n${input.bookId}\n${input.userId}\n${input.object}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
}

function nonce(index: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setBigUint64(4, BigInt(index));
  return bytes;
}

/** Opens chunk `index`; rejects when it was altered or sealed for another key or index. */
export async function openChunk(key: CryptoKey, index: number, sealed: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce(index) }, key, sealed));
}

/** Opens the sealed PDF password of a loan (chunk 0 of object `password`). */
export async function openPassword(input: Omit<StreamKeyInput, 'object'>, sealed: string): Promise<string> {
  const key = await deriveStreamKey({ ...input, object: 'password' });
  return new TextDecoder().decode(await openChunk(key, 0, base64UrlToBytes(sealed)));
}
