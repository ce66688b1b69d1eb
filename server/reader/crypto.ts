import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The stream cipher of DRM books (spec 02 §7, "client-side routine").
 *
 * Every object of a stored book (the PDF, or each resource of an unpacked EPUB) is cut into chunks
 * of `chunkSize` plaintext bytes; the last may be shorter. Chunk i is sent sealed with AES-256-GCM
 * as ciphertext followed by the 16-byte tag, so each chunk decrypts on its own and a reader can
 * fetch any range of chunks.
 *
 * The key is derived with HKDF-SHA-256 from the loan's borrow key (input key material), the file's
 * random salt, and the book, user and object names (info). A loan's key is therefore useless for
 * any other loan, user, book or object, and the server stops serving the moment the loan ends.
 * The nonce is four zero bytes and the chunk index as a 64-bit big-endian number: each (key, index)
 * pair is used for one plaintext only, because stored files never change under a salt.
 *
 * src/lib/reader/crypto.ts is the browser's half and must stay in step with this file.
 */
export const TAG_BYTES = 16;
export const STREAM_INFO_PREFIX = 'epustaka-stream/v1';

/** The object name under which a PDF's password is sealed for the reader. */
export const PASSWORD_OBJECT = 'password';

/** What a stream key is bound to. */
export interface StreamKeyInput {
  borrowKey: string;
  /** base64url salt of the stored file. */
  salt: string;
  bookId: string;
  userId: string;
  /** The object within the book: `book.pdf`, `epub/<path>` or {@link PASSWORD_OBJECT}. */
  object: string;
}

export function streamInfo(input: Pick<StreamKeyInput, 'bookId' | 'userId' | 'object'>): string {
  return `${STREAM_INFO_PREFIX}\n${input.bookId}\n${input.userId}\n${input.object}`;
}

export function deriveStreamKey(input: StreamKeyInput): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(input.borrowKey, 'utf8'), Buffer.from(input.salt, 'base64url'), Buffer.from(streamInfo(input), 'utf8'), 32),
  );
}

export function chunkNonce(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

/** Seals one chunk: ciphertext followed by the tag. */
export function sealChunk(key: Buffer, index: number, plain: Uint8Array): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, chunkNonce(index));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** Opens one sealed chunk; throws when it was altered or sealed with another key or index. */
export function openChunk(key: Buffer, index: number, sealed: Uint8Array): Buffer {
  const body = sealed.subarray(0, sealed.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, chunkNonce(index));
  decipher.setAuthTag(Buffer.from(sealed.subarray(sealed.length - TAG_BYTES)));
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** Number of chunks of an object of `size` bytes. */
export function chunkCount(size: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** A new random file salt (base64url). */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** A new random secret (base64url), e.g. for the admin ingest endpoint. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
