import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listFolders } from '../storage/object-store.ts';
import { loadImage } from '@napi-rs/canvas';
import { BOOKS_AREA, COVER_OBJECT, readObject } from './store.ts';
import { detectKind } from './ingest.ts';
import { bookFixturesDir } from './fixtures.ts';
import { createReaderTestContext, describeWithRealBooks, type ReaderTestContext } from './testing.ts';

/*
 * The ingest on real-world books (the pdf.js and epub.js test files, IDPF samples, a long book with
 * an outline), when their folder is beside the repository; ingest.test.ts covers the same kinds
 * with the books the repository makes.
 */

let ctx: ReaderTestContext;

const count = async (table: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const storedBooks = () => listFolders(ctx.deps.store, BOOKS_AREA);

describeWithRealBooks('ingest of real-world books', () => {
  beforeAll(async () => {
    ctx = await createReaderTestContext({ booksDir: bookFixturesDir() });
  });
  afterAll(() => ctx.close());

  describe('ingestBook with valid fixtures', () => {
    test.each([
      ['tracemonkey.pdf', 'pdf', 14, {}],
      ['freeculture-352p-outline.pdf', 'pdf', 352, {}],
      ['password-abc_issue6010_1.pdf', 'pdf', 1, { password: 'abc' }],
      ['moby-dick.epub', 'epub', 1250, {}],
      ['alice-epub3-images.epub', 'epub', 56, { drm: false }],
      ['wasteland.epub', 'epub', 26, { drm: false }],
      ['leaves-of-grass-epub2.epub', 'epub', 934, { drm: false }],
      ['page-blanche-fxl.epub', 'epub', 10, { drm: false }],
    ] as [string, 'pdf' | 'epub', number, { drm?: boolean; password?: string }][])('%s is added with its facts and stored files', async (name, kind, pages, extra) => {
      const result = await ctx.ingest(name, { ...extra, title: `Uji ${name}` });
      expect(result).toMatchObject({ kind, pages, title: `Uji ${name}` });
      const { rows } = await ctx.db.query<{ catalog_title: string; file_ext: string; using_drm: boolean; all_qty: number; kind: string; cover_url: string }>(
        `SELECT b.catalog_title, b.file_ext, b.using_drm, eb.all_qty, f.kind, b.cover_url
           FROM books b JOIN book_files f ON f.book_id = b.id JOIN epustaka_books eb ON eb.book_id = b.id WHERE b.id = $1`,
        [result.book_id],
      );
      expect(rows[0]).toMatchObject({ file_ext: kind, kind, using_drm: extra.drm ?? true, all_qty: extra.drm === false ? 0 : 1 });
      // Every fixture yields a cover of its own: page 1 of a PDF, the cover image of an EPUB.
      expect(rows[0]!.cover_url).toBe(`/storage/books/${result.book_id}/cover`);
      expect(await storedBooks()).toContain(result.book_id);
      // Sized for the catalogue, not the book's full-size artwork (page-blanche's is 440 KB).
      const cover = await readObject(ctx.deps.store, result.book_id, COVER_OBJECT);
      expect(cover.length).toBeLessThan(100 * 1024);
      expect((await loadImage(cover)).width).toBeLessThanOrEqual(400);
    });

    test('a PDF keeps its outline with resolved pages and the chunks page 1 needs', async () => {
      const result = await ctx.ingest('freeculture-352p-outline.pdf');
      const { rows } = await ctx.db.query<{ outline: { title: string; page: number | null }[]; boot_chunks: number[]; chunk_size: number }>(
        'SELECT outline, boot_chunks, chunk_size FROM book_files WHERE book_id = $1',
        [result.book_id],
      );
      expect(rows[0]!.outline).toHaveLength(17);
      expect(rows[0]!.outline[0]).toMatchObject({ title: 'COVER', page: 1 });
      expect(rows[0]!.outline.every((item) => item.page === null || (item.page >= 1 && item.page <= 352))).toBe(true);
      // Page 1 is a large image: what it needs is far less than the 2.6 MB file, under 384 KB.
      expect(rows[0]!.boot_chunks.length * rows[0]!.chunk_size).toBeLessThanOrEqual(384_000);
    });

    test('a PDF whose page 1 is heavy gets a small picture of it; a light one does not', async () => {
      const heavy = await ctx.ingest('freeculture-352p-outline.pdf');
      const light = await ctx.ingest('tracemonkey.pdf');
      const preview = async (id: string) =>
        (await ctx.db.query<{ preview: { size: number; width: number; height: number } | null }>('SELECT preview FROM book_files WHERE book_id = $1', [id])).rows[0]!.preview;
      const picture = await preview(heavy.book_id);
      expect(picture).toMatchObject({ width: expect.closeTo(489.6, 1), height: expect.closeTo(734.4, 1) });
      expect(picture!.size).toBeLessThan(100_000);
      expect(await preview(light.book_id)).toBeNull();
    });

    test('an EPUB keeps its table of contents and epub.js locations', async () => {
      const result = await ctx.ingest('moby-dick.epub');
      const { rows } = await ctx.db.query<{ outline: { label: string; href: string }[]; locations: string[]; epub: { layout: string; packagePath: string } }>(
        'SELECT outline, locations, epub FROM book_files WHERE book_id = $1',
        [result.book_id],
      );
      expect(rows[0]!.outline).toHaveLength(141);
      expect(rows[0]!.outline[0]!.href).toMatch(/\.xhtml/);
      expect(rows[0]!.locations[0]).toMatch(/^epubcfi\(\/6\/\d+!/);
      expect(rows[0]!.epub).toMatchObject({ layout: 'reflowable', packagePath: 'OPS/package.opf' });
    });

    test('a fixed-layout EPUB is marked pre-paginated', async () => {
      const result = await ctx.ingest('page-blanche-fxl.epub', { drm: false });
      const { rows } = await ctx.db.query<{ epub: { layout: string } }>('SELECT epub FROM book_files WHERE book_id = $1', [result.book_id]);
      expect(rows[0]!.epub.layout).toBe('pre-paginated');
    });
  });

  describe('ingestBook with broken files', () => {
    test.each([
      ['alice-epub3-images_TRUNCATED-first-268270-bytes.epub', /EPUB is damaged or incomplete: it is not a complete ZIP archive/],
      ['corrupt_bug1020226.pdf', /PDF is damaged or incomplete/],
      ['tracemonkey_TRUNCATED-first-400000-bytes.pdf', /PDF is damaged or incomplete/],
    ])('%s is refused with a clear message and leaves no row or file', async (name, message) => {
      const books = await count('books');
      const files = (await storedBooks()).length;
      await expect(ctx.ingest(name)).rejects.toThrow(message);
      expect(await count('books')).toBe(books);
      expect(await count('book_files')).toBe(await count('books'));
      expect(await storedBooks()).toHaveLength(files);
      expect(await count('storage_pending')).toBe(0);
    });

    test('a protected PDF needs its password, and the right one', async () => {
      await expect(ctx.ingest('password-abc_issue6010_1.pdf')).rejects.toThrow(/password-protected/);
      await expect(ctx.ingest('password-abc_issue6010_1.pdf', { password: 'salah' })).rejects.toThrow(/password is wrong/);
    });

    test('a file over 20 MB, an empty one and one of another kind are refused', async () => {
      const big = new Uint8Array(20 * 1024 * 1024 + 1);
      big.set(new TextEncoder().encode('%PDF-1.7\n'));
      await expect(ctx.ingest('x.pdf', { file: big, fileName: 'big.pdf' })).rejects.toThrow(/at most 20 MB/);
      await expect(ctx.ingest('x.pdf', { file: new Uint8Array(), fileName: 'empty.pdf' })).rejects.toThrow(/empty/);
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await expect(ctx.ingest('x.pdf', { file: png, fileName: 'picture.pdf' })).rejects.toThrow(/neither a PDF nor an EPUB/);
    });

    test('a book for an unknown ePustaka is refused before anything is stored', async () => {
      const files = (await storedBooks()).length;
      await expect(ctx.ingest('wasteland.epub', { epustaka: 'Tidak Ada' })).rejects.toThrow(/No ePustaka/);
      expect(await storedBooks()).toHaveLength(files);
    });
  });

  describe('detectKind', () => {
    test('tells PDFs and EPUBs by their signature, not their name', () => {
      expect(detectKind(ctx.fixture('tracemonkey.pdf'))).toBe('pdf');
      expect(detectKind(ctx.fixture('wasteland.epub'))).toBe('epub');
      expect(detectKind(new TextEncoder().encode('PK\u0003\u0004 not an epub'))).toBeNull();
    });
  });
});
