import type { Db } from './client.ts';
import { migrations } from './migrations/index.ts';
import type { Migration } from './migration.ts';

/** A versioned schema change; `id` sorts by time (`YYYYMMDD_NNNN_name`). */
export type { Migration };

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * @returns the ids applied by this call.
 */
export async function migrate(db: Db, list: Migration[] = migrations): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set(
    (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id),
  );
  const applied: string[] = [];
  for (const m of [...list].sort((a, b) => a.id.localeCompare(b.id))) {
    if (done.has(m.id)) continue;
    const fresh = await db.transaction(async (tx) => {
      // Servers starting together on one database: one applies the migration, the others wait and skip it.
      await tx.query('SELECT pg_advisory_xact_lock(20261127)');
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id])).rows.length) return false;
      for (const statement of splitStatements(m.up)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      return true;
    });
    if (fresh) applied.push(m.id);
  }
  return applied;
}

/** Reverts the newest applied migration. */
export async function rollback(db: Db, list: Migration[] = migrations): Promise<string | null> {
  const last = (
    await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id DESC LIMIT 1')
  ).rows[0];
  const m = last && list.find((x) => x.id === last.id);
  if (!m) return null;
  await db.transaction(async (tx) => {
    for (const statement of splitStatements(m.down)) await tx.query(statement);
    await tx.query('DELETE FROM schema_migrations WHERE id = $1', [m.id]);
  });
  return m.id;
}

// Extended-protocol queries take one statement each. Migrations hold no semicolons inside strings,
// except in function bodies quoted with $$, which stay whole.
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let open = '';
  for (const part of sql.split(/;\s*(?:\n|$)/)) {
    open = open ? `${open};\n${part}` : part;
    if ((open.match(/\$\$/g)?.length ?? 0) % 2 === 0) {
      statements.push(open);
      open = '';
    }
  }
  if (open) statements.push(open);
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
