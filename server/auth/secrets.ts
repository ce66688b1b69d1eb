import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token-signing secret: `JWT_SECRET` when set, else one generated once and kept in the data
 * directory (so sessions survive restarts), else a random one for an in-memory database.
 */
export function loadSigningSecret(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (!dataDir) return randomBytes(32);
  const file = join(dataDir, 'signing-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
}
