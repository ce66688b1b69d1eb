import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_PASSWORD, insertAccounts } from './accounts.ts';

/** True once the product's organisation exists. */
export async function isSeeded(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
  return rows[0]!.n > 0;
}

/** Fills an empty database with the demo organisation, accounts and catalogue, in one transaction. */
export async function seedDemo(db: Db, config: ServerConfig, options: { log?: (msg: string) => void } = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [config.organizationId, config.appName]);
    await insertAccounts(tx, config.organizationId, passwordHash);
  });
  options.log?.('demo data ready');
}
