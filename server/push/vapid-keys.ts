import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';
import type { Queryable } from '../db/client.ts';

/** The server's VAPID key pair (base64url), which signs every push it sends. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys: `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` when both are set; else, with a data
 * directory (embedded PGlite), a pair generated on first start into `<DATA_DIR>/vapid-keys.json`
 * next to the signing secret; else (a shared PostgreSQL) a pair generated once into the database,
 * so every server on it signs with the same keys and browsers' subscriptions stay valid.
 */
export async function loadVapidKeys(db: Queryable, keyFile: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  if (keyFile) {
    if (!existsSync(keyFile)) {
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    }
    const keys = JSON.parse(readFileSync(keyFile, 'utf8')) as VapidKeys;
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  const fresh = webpush.generateVAPIDKeys();
  await db.query('INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [fresh.publicKey, fresh.privateKey]);
  const { rows } = await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1');
  return { publicKey: rows[0]!.public_key, privateKey: rows[0]!.private_key };
}
