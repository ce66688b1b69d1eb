import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newSecret } from './crypto.ts';

/**
 * The secret that lets `npm run ingest` hand a file to the server running on the same data
 * directory. It lives in `DATA_DIR/ingest-secret`, readable by the owner only.
 */
/** The header `npm run ingest` sends the secret in, so the server checks it before reading the file. */
export const INGEST_SECRET_HEADER = 'x-ingest-secret';

export function ingestSecretFile(dataDir: string): string {
  return join(dataDir, 'ingest-secret');
}

/** Creates the secret on first use; returns it. */
export function ensureIngestSecret(dataDir: string): string {
  const file = ingestSecretFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, newSecret(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readIngestSecret(dataDir)!;
}

/**
 * The secret, or null when it is missing. A file others may read or write is refused: whoever
 * could read it could add books.
 */
export function readIngestSecret(dataDir: string): string | null {
  const file = ingestSecretFile(dataDir);
  if (!existsSync(file)) return null;
  if ((statSync(file).mode & 0o077) !== 0) throw new Error(`${file} must be readable by its owner only (chmod 600).`);
  return readFileSync(file, 'utf8').trim() || null;
}
