import { describe, expect, test } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import { migrate, rollback } from './migrate.ts';
import { migrations } from './migrations/index.ts';

// An empty database: a copy of a new PGlite cluster saved once (its initdb is most of the cost of a
// new one), or a new PostgreSQL database.
async function freshDb() {
  const { db, drop } = await openTestDatabase({ migrated: false, poolSize: 2 });
  return { db, done: drop };
}

describe('migrate', () => {
  test('applies every migration once, in order, and can roll each back', async () => {
    const { db, done } = await freshDb();
    try {
      expect(await migrate(db)).toEqual(migrations.map((m) => m.id).sort());
      expect(await migrate(db)).toEqual([]);
      const tables = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'books'");
      expect(tables.rows[0]!.n).toBe(1);
      for (let i = migrations.length; i > 0; i--) expect(await rollback(db)).toBeTruthy();
      const after = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'books'");
      expect(after.rows[0]!.n).toBe(0);
      expect((await migrate(db)).length).toBe(migrations.length);
    } finally {
      await done();
    }
  });

  test('a failing migration leaves nothing behind', async () => {
    const { db, done } = await freshDb();
    try {
      await migrate(db);
      const broken = { id: '99999999_0001_broken', up: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;', down: '' };
      await expect(migrate(db, [...migrations, broken])).rejects.toThrow();
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await done();
    }
  });
});
