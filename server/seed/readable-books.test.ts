import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { createTestContext, type TestContext } from '../test/context.ts';
import { inspectEpub } from '../reader/epub.ts';
import { readObject } from '../reader/store.ts';
import { seedDemo } from './index.ts';
import { buildDemoEpub } from './demo-epub.ts';
import { buildDemoGuidePdf, GUIDE_TITLE } from './demo-pdf.ts';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.query('DELETE FROM organizations');
  dataDir = mkdtempSync(join(tmpdir(), 'demo-editions-'));
  await seedDemo(ctx.db, { ...ctx.config, dataDir }, { store: ctx.deps.store });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo editions', () => {
  test('every demo book has a web-readable file, stored where the reader looks', async () => {
    const { rows } = await ctx.db.query<{ id: string; catalog_title: string; kind: string | null; file_ext: string }>(
      'SELECT b.id, b.catalog_title, f.kind, b.file_ext FROM books b LEFT JOIN book_files f ON f.book_id = b.id',
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.kind === null).map((r) => r.catalog_title)).toEqual([]);
    for (const row of rows) expect(row.file_ext).toBe(row.kind);
    const sample = rows.find((r) => r.kind === 'epub' && r.catalog_title === 'Laskar Pelangi') ?? rows.find((r) => r.kind === 'epub')!;
    const { rows: files } = await ctx.db.query<{ epub: { packagePath: string } }>('SELECT epub FROM book_files WHERE book_id = $1', [sample.id]);
    const opf = (await readObject(ctx.deps.store, sample.id, `epub/${files[0]!.epub.packagePath}`)).toString('utf8');
    expect(opf).toContain(sample.catalog_title.split(' ')[0]);
  });

  test('the test fixtures are not part of the demo catalogue', async () => {
    const { rows } = await ctx.db.query<{ catalog_title: string }>('SELECT catalog_title FROM books');
    const titles = rows.map((r) => r.catalog_title);
    expect(titles).not.toContain('Issue 6010');
    expect(titles.some((t) => /Trace-based Just-in-Time|TraceMonkey/i.test(t))).toBe(false);
  });
});

describe('the demo PDF', () => {
  test('the demo lends a PDF of its own, with pages, an outline and a cover, whatever books lie beside the repository', async () => {
    const { rows } = await ctx.db.query<{ id: string; kind: string; pages: number; outline: unknown[]; using_drm: boolean; all_qty: number; cover_url: string }>(
      `SELECT b.id, f.kind, f.pages, f.outline, b.using_drm, eb.all_qty, b.cover_url
         FROM books b JOIN book_files f ON f.book_id = b.id JOIN epustaka_books eb ON eb.book_id = b.id WHERE b.catalog_title = $1`,
      [GUIDE_TITLE],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'pdf', pages: 9, using_drm: true, all_qty: 3, cover_url: `/storage/books/${rows[0]!.id}/cover` });
    expect(rows[0]!.outline.length).toBeGreaterThanOrEqual(8);
  });

  test('its pages hold real text that a reader can search', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({ data: buildDemoGuidePdf(), verbosity: 0 });
    const doc = await task.promise;
    const text = async (n: number) => ((await (await doc.getPage(n)).getTextContent()).items as { str: string }[]).map((item) => item.str).join(' ');
    expect(await text(1)).toContain(GUIDE_TITLE);
    expect(await text(4)).toMatch(/Masa pinjam biasanya tujuh hari/);
    await task.destroy();
  });
});

describe('buildDemoEpub', () => {
  const edition = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Senja di <Pelabuhan> & Laut',
    author: 'Rini Kartika',
    category: 'Fiksi',
    publisher: 'Penerbit Nusantara',
    year: 2021,
    isbn: '9786020000001',
    description: '<p>Kisah <b>nelayan</b> muda.</p>',
    language: 'id' as const,
    coverSvg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="6"/>',
  };

  test('makes a valid EPUB 3 with its title, author, cover and chapters, mimetype first and stored', () => {
    const bytes = buildDemoEpub(edition);
    expect(Buffer.from(bytes.subarray(30, 38)).toString('latin1')).toBe('mimetype');
    expect(bytes[8]).toBe(0); // compression method 0: stored
    const book = inspectEpub(bytes);
    expect(book.facts.title).toBe('Senja di <Pelabuhan> & Laut');
    expect(book.facts.author).toBe('Rini Kartika');
    expect(book.facts.language).toBe('id');
    expect(book.facts.toc.map((t) => t.label)).toEqual(['Tentang Buku Ini', 'Cara Membaca', 'Catatan untuk Pembaca']);
    expect(book.cover?.mediaType).toBe('image/svg+xml');
    expect(book.locations.length).toBeGreaterThan(3);
    const chapter = strFromU8(unzipSync(bytes)['OEBPS/chapter-1.xhtml']!);
    // The description's markup is gone; its text is escaped.
    expect(chapter).toContain('Kisah nelayan muda.');
    expect(chapter).not.toContain('<b>');
  });

  test('writes an English edition for an English book', () => {
    const book = inspectEpub(buildDemoEpub({ ...edition, language: 'en' }));
    expect(book.facts.language).toBe('en');
    expect(book.facts.toc[0]!.label).toBe('About This Book');
  });
});
