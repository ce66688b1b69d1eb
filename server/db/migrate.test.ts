import { describe, expect, test } from 'vitest';
import { openPglite, openPostgres, type Db } from './client.ts';
import { migrate, rollback } from './migrate.ts';
import { migrations } from './migrations/index.ts';

async function freshDb(): Promise<{ db: Db; done: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, done: () => db.close() };
  }
  const name = `m_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(url, 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString(), 2);
  return {
    db,
    done: async () => {
      await db.close();
      await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
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
