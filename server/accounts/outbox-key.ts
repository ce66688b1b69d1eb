import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The development outbox holds every mailed link, so reading it is taking over any account. Being
 * on this machine is not enough: a page in the developer's own browser whose DNS name was rebound
 * to 127.0.0.1 is on this machine too. So the outbox also wants a secret made at each start, which
 * the server prints with the outbox's link and writes to `DATA_DIR/outbox-key` (readable by its
 * own user only) for scripts and tests; a page elsewhere cannot know it.
 */

/** The header that carries the secret to `GET /webhook/dev-outbox`. */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';
/** The cookie the outbox page keeps the secret in once its printed link was opened. */
export const OUTBOX_KEY_COOKIE = 'ewOutboxKey';
/** Where in the data directory the secret is written. */
export const OUTBOX_KEY_FILE = 'outbox-key';

/** A new secret (192 random bits, base64url). */
export function newOutboxKey(): string {
  return randomBytes(24).toString('base64url');
}

/** True when `given` is the secret, compared in constant time. */
export function isOutboxKey(given: string | null | undefined, key: string): boolean {
  if (!given || !key) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The outbox page by this machine's loopback name on the web server's port (the only host it
 * answers), with the secret: `http://localhost:4321/dev/outbox?key=…`.
 */
export function outboxLink(key: string, env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST === '127.0.0.1' || env.HOST === '::1' ? (env.HOST === '::1' ? '[::1]' : env.HOST) : 'localhost';
  const tls = Boolean(env.SERVER_CERT_PATH && env.SERVER_KEY_PATH);
  return `${tls ? 'https' : 'http'}://${host}:${env.PORT || '4321'}/dev/outbox?key=${key}`;
}

/** Writes the secret where local scripts and tests read it, and prints the outbox's link. */
export function announceOutbox(key: string, dataDir: string, log: (line: string) => void): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, OUTBOX_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  log(`[mail] outbox (this machine only): ${outboxLink(key)}`);
}
