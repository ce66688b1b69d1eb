import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestBook } from '../reader/ingest.ts';
import { bookPrefix } from '../reader/store.ts';
import { createReaderTestContext, type ReaderTestContext } from '../reader/testing.ts';
import { listFolders, listKeys, type ObjectStore } from './object-store.ts';
import { stageObjects, sweepPendingObjects } from './staging.ts';

/*
 * No half-ingested book: whatever fails between a book's files and its rows, no row points to
 * missing files, and files no row points to are removed (at once, or by the sweep after a crash).
 */

let ctx: ReaderTestContext;
beforeAll(async () => {
  ctx = await createReaderTestContext();
});
afterAll(() => ctx.close());

const count = async (sql: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0]!.n;

/** The store, failing the `failAt`-th write. */
function failingStore(store: ObjectStore, failAt: number): ObjectStore {
  let puts = 0;
  return {
    ...store,
    async put(key, body) {
      puts += 1;
      if (puts === failAt) throw new Error('disk full');
      return store.put(key, body);
    },
  };
}

describe('an ingest that fails between the files and the rows', () => {
  test('a write failing halfway through the files leaves no file, no row and no pending entry', async () => {
    const books = await count('books');
    const stored = await listFolders(ctx.deps.store, 'books/');
    const target = { store: failingStore(ctx.deps.store, 3), organizationId: ctx.config.organizationId };
    await expect(ingestBook(ctx.db, target, { file: ctx.fixture('sajak.epub'), fileName: 'sajak.epub', drm: false })).rejects.toThrow('disk full');
    expect(await count('books')).toBe(books);
    expect((await listFolders(ctx.deps.store, 'books/')).sort()).toEqual(stored.sort());
    expect(await count('storage_pending')).toBe(0);
  });

  test('rows failing after every file was written take the files away again', async () => {
    const books = await count('books');
    const stored = await listFolders(ctx.deps.store, 'books/');
    // The rows' transaction fails on the file row: a trigger stands in for the database refusing it.
    await ctx.db.query(`CREATE FUNCTION refuse_book_file() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await ctx.db.query('CREATE TRIGGER refuse_book_file BEFORE INSERT ON book_files FOR EACH ROW EXECUTE FUNCTION refuse_book_file()');
    try {
      await expect(ctx.ingest('sajak.epub', { drm: false })).rejects.toThrow(/refused/);
    } finally {
      await ctx.db.query('DROP TRIGGER refuse_book_file ON book_files');
      await ctx.db.query('DROP FUNCTION refuse_book_file()');
    }
    expect(await count('books')).toBe(books);
    expect(await count('book_files')).toBe(await count('books'));
    expect((await listFolders(ctx.deps.store, 'books/')).sort()).toEqual(stored.sort());
    expect(await count('storage_pending')).toBe(0);
    // And the same ingest goes through once the database takes it.
    const ok = await ctx.ingest('sajak.epub', { drm: false });
    expect(await listFolders(ctx.deps.store, 'books/')).toContain(ok.book_id);
    expect(await count('storage_pending')).toBe(0);
  });
});

describe('a process that died after the files, before the rows', () => {
  test('its files are never pointed to, and the sweep removes them once the grace time is over', async () => {
    const prefix = bookPrefix('00000000-0000-4000-8000-00000000dead');
    // What a process leaves when it dies right after writing: the pending entry and the files, no rows.
    await stageObjects(ctx.db, ctx.deps.store, prefix, [['book.pdf', new Uint8Array([37, 80, 68, 70])], ['cover', new Uint8Array([1])]]);
    expect(await listKeys(ctx.deps.store, prefix)).toHaveLength(2);
    expect(await count(`book_files WHERE book_id = '00000000-0000-4000-8000-00000000dead'`)).toBe(0);

    // Within the grace time another process may still be writing its rows: nothing is touched.
    expect(await sweepPendingObjects(ctx.db, ctx.deps.store, new Date())).toBe(0);
    expect(await listKeys(ctx.deps.store, prefix)).toHaveLength(2);

    expect(await sweepPendingObjects(ctx.db, ctx.deps.store, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1);
    expect(await listKeys(ctx.deps.store, prefix)).toHaveLength(0);
    expect(await count('storage_pending')).toBe(0);
  });

  test('rows written after a sweep took the files are refused, so they never point to nothing', async () => {
    const prefix = bookPrefix('00000000-0000-4000-8000-0000000011a7');
    const staged = await stageObjects(ctx.db, ctx.deps.store, prefix, [['cover', new Uint8Array([1])]]);
    await sweepPendingObjects(ctx.db, ctx.deps.store, new Date(Date.now() + 2 * 60 * 60 * 1000));
    await expect(ctx.db.transaction((tx) => staged.commit(tx))).rejects.toThrow(/removed before their rows/);
  });
});
