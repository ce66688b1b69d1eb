import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import type { Db } from './client.ts';
import { migrate, rollback, splitStatements } from './migrate.ts';
import { migrations } from './migrations/index.ts';

// An empty database, opened before the tests: a copy of a new PGlite cluster saved once (its
// initdb is most of the cost of a new one), or a new PostgreSQL database. The tests themselves
// only migrate, which is what they are about.
let fresh: TestDatabase;
let db: Db;
beforeAll(async () => {
  fresh = await openTestDatabase({ migrated: false, poolSize: 2 });
  db = fresh.db;
});
afterAll(() => fresh.drop());

// Applying every migration twice and rolling each back runs a few hundred DDL statements: about 1 s
// on an idle machine, up to 30 s when both cores are busy, and more as migrations are added.
const MIGRATING_TWICE_MS = 90_000;

const tableCount = async (name: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = $1', [name])).rows[0]!.n;

describe('migrate', () => {
  test('applies every migration once, in order, and can roll each back', async () => {
    expect(await tableCount('schema_migrations')).toBe(0);
    expect(await migrate(db)).toEqual(migrations.map((m) => m.id).sort());
    expect(await migrate(db)).toEqual([]);
    expect(await tableCount('books')).toBe(1);
    for (let i = migrations.length; i > 0; i--) expect(await rollback(db)).toBeTruthy();
    expect(await tableCount('books')).toBe(0);
    expect((await migrate(db)).length).toBe(migrations.length);
  }, MIGRATING_TWICE_MS);

  test('two servers migrating at once apply each migration once', async () => {
    await migrate(db);
    const list = [...migrations, { id: '99999999_0002_together', up: 'CREATE TABLE started_together (id int);', down: 'DROP TABLE started_together;' }];
    const [first, second] = await Promise.all([migrate(db, list), migrate(db, list)]);
    expect([...first, ...second]).toEqual(['99999999_0002_together']);
    expect(await tableCount('started_together')).toBe(1);
    expect(await rollback(db, list)).toBe('99999999_0002_together');
  });

  test('a failing migration leaves nothing behind', async () => {
    // Migrated already when the test above ran; on its own this migrates first.
    await migrate(db);
    const broken = { id: '99999999_0001_broken', up: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;', down: '' };
    await expect(migrate(db, [...migrations, broken])).rejects.toThrow();
    expect(await tableCount('half_done')).toBe(0);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE id = $1', [broken.id]);
    expect(rows[0]!.n).toBe(0);
  });

  test('statements split at semicolons that end a line, except inside a $$-quoted function body', () => {
    const sql = `CREATE TABLE a (id int);
      -- a comment
      CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE a SET id = id + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE INDEX a_idx ON a (id);`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toMatch(/^CREATE FUNCTION f\(\)[\s\S]*UPDATE a SET id = id \+ 1;[\s\S]*RETURN NULL;[\s\S]*END \$\$$/);
    expect(parts[2]).toBe('CREATE INDEX a_idx ON a (id)');
  });
});
