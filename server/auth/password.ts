import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/*
 * Passwords are stored as scrypt hashes with r = 8, p = 1 and N = 2^cost. The cost comes from the
 * configuration (`PASSWORD_HASH_COST`, see config.ts): 17 by default, OWASP's minimum for scrypt,
 * which takes 128 MiB and a noticeable fraction of a second per hash. Each stored hash carries its
 * own parameters, so a hash made at another cost still verifies.
 */

/** log2 of scrypt's N unless `PASSWORD_HASH_COST` says otherwise: N = 2^17, 128 MiB per hash. */
export const DEFAULT_HASH_COST = 17;
/** The costs `PASSWORD_HASH_COST` accepts: 2^10 (1 MiB) to 2^20 (1 GiB). */
export const MIN_HASH_COST = 10;
export const MAX_HASH_COST = 20;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; leave room above that for its other buffers.
  const maxmem = 256 * 2 ** logN * r;
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function checkCost(cost: number): number {
  if (!Number.isInteger(cost) || cost < MIN_HASH_COST || cost > MAX_HASH_COST) {
    throw new RangeError(`The password hash cost must be a whole number from ${MIN_HASH_COST} to ${MAX_HASH_COST}, not ${cost}.`);
  }
  return cost;
}

/**
 * Hashes a password as `scrypt$logN$r$p$salt$hash` (base64url parts), with N = 2^cost. Pass the
 * configured cost (`deps.config.passwordHashCost`); the default is production's.
 */
export async function hashPassword(password: string, cost: number = DEFAULT_HASH_COST): Promise<string> {
  const logN = checkCost(cost);
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checks a password against a stored hash in constant time; an unreadable hash never matches.
 * Without a stored hash (no such account) it still does the work of a hash at `cost`, the
 * configured one, so the answer takes as long either way.
 */
export async function verifyPassword(password: string, stored: string | null, cost: number = DEFAULT_HASH_COST): Promise<boolean> {
  const parts = (stored ?? dummyHash(cost)).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts;
  const params = [Number(logN), Number(r), Number(p)] as const;
  // A damaged row must not make the server allocate gigabytes.
  if (!params.every((n) => Number.isInteger(n) && n >= 1) || params[0] > MAX_HASH_COST || params[1] > 16 || params[2] > 4) return false;
  const expected = Buffer.from(hash!, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt!, 'base64url'), ...params);
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Verifying against this when no account matches keeps the answer time the same either way.
const dummyHash = (cost: number) =>
  `scrypt$${checkCost(cost)}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;
