import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listFolders } from '../storage/object-store.ts';
import { loadImage } from '@napi-rs/canvas';
import { BOOKS_AREA, COVER_OBJECT, readObject } from './store.ts';
import { detectKind } from './ingest.ts';
import { createReaderTestContext, type ReaderTestContext } from './testing.ts';

/*
 * The ingest on the books the repository makes (tests/fixtures/books): a text PDF with an outline,
 * the same after a heavy picture cover, a password-protected PDF, scans, EPUB 2 and 3, fixed
 * layout. ingest-real-books.test.ts does the same on real-world files when they are there.
 */

let ctx: ReaderTestContext;
beforeAll(async () => {
  ctx = await createReaderTestContext();
});
afterAll(() => ctx.close());

const count = async (table: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const storedBooks = () => listFolders(ctx.deps.store, BOOKS_AREA);
/** The first `share` of a book's bytes: a download cut short. */
const truncated = (name: string, share = 0.5) => {
  const bytes = ctx.fixture(name);
  return bytes.slice(0, Math.floor(bytes.length * share));
};

describe('ingestBook with valid books', () => {
  test.each([
    ['panduan.pdf', 'pdf', 9, {}],
    ['panduan-bersampul.pdf', 'pdf', 10, {}],
    ['sandi-abc.pdf', 'pdf', 1, { password: 'abc' }],
    ['pindaian-jpeg.pdf', 'pdf', 1, { drm: false }],
    ['scan-ccitt.pdf', 'pdf', 1, { drm: false }],
    ['epub3-gambar.epub', 'epub', 49, {}],
    ['sajak.epub', 'epub', 1, { drm: false }],
    ['epub2-ncx.epub', 'epub', 13, { drm: false }],
    ['fxl-gambar.epub', 'epub', 4, { drm: false }],
  ] as [string, 'pdf' | 'epub', number, { drm?: boolean; password?: string }][])('%s is added with its facts and stored files', async (name, kind, pages, extra) => {
    const result = await ctx.ingest(name, { ...extra, title: `Uji ${name}` });
    expect(result).toMatchObject({ kind, pages, title: `Uji ${name}` });
    const { rows } = await ctx.db.query<{ file_ext: string; using_drm: boolean; all_qty: number; kind: string; cover_url: string }>(
      `SELECT b.file_ext, b.using_drm, eb.all_qty, f.kind, b.cover_url
         FROM books b JOIN book_files f ON f.book_id = b.id JOIN epustaka_books eb ON eb.book_id = b.id WHERE b.id = $1`,
      [result.book_id],
    );
    expect(rows[0]).toMatchObject({ file_ext: kind, kind, using_drm: extra.drm ?? true, all_qty: extra.drm === false ? 0 : 1 });
    // Every book yields a cover of its own: page 1 of a PDF, the cover image of an EPUB.
    expect(rows[0]!.cover_url).toBe(`/storage/books/${result.book_id}/cover`);
    expect(await storedBooks()).toContain(result.book_id);
    // Sized for the catalogue, not the book's full-size artwork.
    const cover = await readObject(ctx.deps.store, result.book_id, COVER_OBJECT);
    expect(cover.length).toBeLessThan(100 * 1024);
    expect((await loadImage(cover)).width).toBeLessThanOrEqual(400);
  });

  test('a PDF keeps its title, author, outline with nested sections and resolved pages, and the chunks page 1 needs', async () => {
    const result = await ctx.ingest('panduan-bersampul.pdf');
    expect(result).toMatchObject({ title: 'Panduan Membaca di Perpustakaan Digital', author: 'Tim ePustaka' });
    const { rows } = await ctx.db.query<{ outline: { title: string; page: number | null; items: { title: string; page: number }[] }[]; boot_chunks: number[]; chunk_size: number }>(
      'SELECT outline, boot_chunks, chunk_size FROM book_files WHERE book_id = $1',
      [result.book_id],
    );
    const outline = rows[0]!.outline;
    expect(outline).toHaveLength(10);
    expect(outline[0]).toMatchObject({ title: 'SAMPUL', page: 1 });
    expect(outline.find((item) => item.title === 'Meminjam Buku')!.items.map((item) => item.title)).toEqual(['Masa pinjam', 'Antrean']);
    expect(outline.every((item) => item.page !== null && item.page >= 1 && item.page <= 10)).toBe(true);
    // Page 1 is a large picture: what it needs is far less than the whole file, under 384 KB.
    expect(rows[0]!.boot_chunks.length * rows[0]!.chunk_size).toBeLessThanOrEqual(384_000);
  });

  test('a PDF whose page 1 is heavy gets a small picture of it; a light one does not', async () => {
    const heavy = await ctx.ingest('panduan-bersampul.pdf');
    // One page of text: pdf.js needs a single chunk to draw it, less than a picture of it would weigh.
    const light = await ctx.ingest('sandi-abc.pdf', { password: 'abc' });
    const preview = async (id: string) =>
      (await ctx.db.query<{ preview: { size: number; width: number; height: number } | null }>('SELECT preview FROM book_files WHERE book_id = $1', [id])).rows[0]!.preview;
    const picture = await preview(heavy.book_id);
    expect(picture).toMatchObject({ width: expect.closeTo(419.5, 1), height: expect.closeTo(595.3, 1) });
    expect(picture!.size).toBeLessThan(100_000);
    expect(await preview(light.book_id)).toBeNull();
  });

  test('an EPUB keeps its table of contents (a navigation document, or an EPUB 2 NCX with nested entries) and epub.js locations', async () => {
    const nav = await ctx.ingest('epub3-gambar.epub');
    const ncx = await ctx.ingest('epub2-ncx.epub', { drm: false });
    const facts = async (id: string) =>
      (await ctx.db.query<{ outline: { label: string; href: string; items: { label: string }[] }[]; locations: string[]; epub: { layout: string; packagePath: string } }>(
        'SELECT outline, locations, epub FROM book_files WHERE book_id = $1',
        [id],
      )).rows[0]!;
    const three = await facts(nav.book_id);
    expect(three.outline).toHaveLength(8);
    expect(three.outline[0]).toMatchObject({ label: 'Bab 1. Pagi di Pelabuhan', href: 'bab-1.xhtml' });
    expect(three.locations[0]).toMatch(/^epubcfi\(\/6\/\d+!/);
    expect(three.epub).toMatchObject({ layout: 'reflowable', packagePath: 'OPS/package.opf' });
    const two = await facts(ncx.book_id);
    expect(two.outline).toHaveLength(6);
    expect(two.outline[0]!.items.map((item) => item.label)).toEqual(['1.1 Awal', '1.2 Akhir']);
    expect(two.epub).toMatchObject({ packagePath: 'content.opf' });
  });

  test('a fixed-layout EPUB is marked pre-paginated', async () => {
    const result = await ctx.ingest('fxl-gambar.epub', { drm: false });
    const { rows } = await ctx.db.query<{ epub: { layout: string } }>('SELECT epub FROM book_files WHERE book_id = $1', [result.book_id]);
    expect(rows[0]!.epub.layout).toBe('pre-paginated');
  });
});

describe('ingestBook with broken files', () => {
  test.each([
    ['an EPUB cut in half', 'epub3-gambar.epub', 0.5, /EPUB is damaged or incomplete: it is not a complete ZIP archive/],
    ['a PDF cut before its cross-reference table', 'panduan-bersampul.pdf', 0.6, /PDF is damaged or incomplete/],
    ['a PDF of a few bytes', 'panduan.pdf', 0.01, /PDF is damaged or incomplete/],
  ])('%s is refused with a clear message and leaves no row or file', async (_, name, share, message) => {
    const books = await count('books');
    const files = (await storedBooks()).length;
    await expect(ctx.ingest(name, { file: truncated(name, share) })).rejects.toThrow(message);
    expect(await count('books')).toBe(books);
    expect(await count('book_files')).toBe(await count('books'));
    expect(await storedBooks()).toHaveLength(files);
    expect(await count('storage_pending')).toBe(0);
  });

  test('a protected PDF needs its password, and the right one', async () => {
    await expect(ctx.ingest('sandi-abc.pdf')).rejects.toThrow(/password-protected/);
    await expect(ctx.ingest('sandi-abc.pdf', { password: 'salah' })).rejects.toThrow(/password is wrong/);
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
    await expect(ctx.ingest('sajak.epub', { epustaka: 'Tidak Ada' })).rejects.toThrow(/No ePustaka/);
    expect(await storedBooks()).toHaveLength(files);
  });
});

describe('detectKind', () => {
  test('tells PDFs and EPUBs by their signature, not their name', () => {
    expect(detectKind(ctx.fixture('panduan.pdf'))).toBe('pdf');
    expect(detectKind(ctx.fixture('sajak.epub'))).toBe('epub');
    expect(detectKind(new TextEncoder().encode('PK\u0003\u0004 not an epub'))).toBeNull();
  });
});
