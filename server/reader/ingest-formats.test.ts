import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listFolders } from '../storage/object-store.ts';
import { createApi } from '../app.ts';
import { ensureIngestSecret } from './ingest-secret.ts';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { BOOKS_AREA, COVER_OBJECT, PREVIEW_OBJECT, readObject } from './store.ts';
import { inspectPdf } from './pdf.ts';
import { PDF_CHUNK_SIZE } from './ingest.ts';
import { createReaderTestContext, ownBook as own, type ReaderTestContext } from './testing.ts';

let ctx: ReaderTestContext;
beforeAll(async () => {
  ctx = await createReaderTestContext();
});
afterAll(() => ctx.close());

const count = async (table: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const storedBooks = () => listFolders(ctx.deps.store, BOOKS_AREA);
const spinePosition = (cfi: string) => Number(/^epubcfi\(\/6\/(\d+)/.exec(cfi)![1]) / 2 - 1;

async function stored(bookId: string) {
  const { rows } = await ctx.db.query<{ locations: string[]; pages: number; description: string | null; epub: { layout: string } }>(
    'SELECT f.locations, b.pages, b.description, f.epub FROM book_files f JOIN books b ON b.id = f.book_id WHERE b.id = $1',
    [bookId],
  );
  return rows[0]!;
}

/** The mixed-layout fixture with one chapter replaced. */
function withChapter(path: string, xhtml: string): Uint8Array {
  const files = unzipSync(own('mixed-layout.epub'));
  const out: Zippable = { mimetype: [files.mimetype!, { level: 0 }] };
  for (const [name, data] of Object.entries(files)) if (name !== 'mimetype') out[name] = name === path ? strToU8(xhtml) : data;
  return zipSync(out);
}

describe('fixed-layout and mixed-layout EPUBs', () => {
  test('a book whose pages are SVG documents is added with one location per page', async () => {
    const result = await ctx.ingest('svg-fixed-layout.epub', { file: own('svg-fixed-layout.epub'), drm: false });
    expect(result).toMatchObject({ kind: 'epub', pages: 3, title: 'Buku Bergambar SVG' });
    const row = await stored(result.book_id);
    expect(row.epub.layout).toBe('pre-paginated');
    expect(row.locations.map(spinePosition)).toEqual([0, 1, 2]);
  });

  test('a picture-only page gets a location of its own instead of sharing the next page’s', async () => {
    const result = await ctx.ingest('mixed-layout.epub', { file: own('mixed-layout.epub'), drm: false });
    const row = await stored(result.book_id);
    expect(row.locations.map(spinePosition)).toEqual([0, 1, 2]);
    expect(row.pages).toBe(3);
  });

  test('a failure inside the location step is a clear ingest error that leaves no row or file', async () => {
    // Nested deeper than epub.js's location walk can follow.
    const deep = `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${'<span>a'.repeat(20000)}${'</span>'.repeat(20000)}</body></html>`;
    const file = withChapter('OEBPS/ch2.xhtml', deep);
    const books = await count('books');
    const files = (await storedBooks()).length;
    await expect(ctx.ingest('deep.epub', { file })).rejects.toMatchObject({ code: 'epub_locations_failed', message: expect.stringMatching(/locations could not be made in ch2\.xhtml/) });
    expect(await count('books')).toBe(books);
    expect(await storedBooks()).toHaveLength(files);

    // Through the running server: a coded 400, not a 500.
    const app = createApi(ctx.deps);
    const form = new FormData();
    form.set('secret', ensureIngestSecret(ctx.dataDir));
    form.set('file', new Blob([file as Uint8Array<ArrayBuffer>]), 'deep.epub');
    const res = await app.request('/storage/ingest', { method: 'POST', body: form, headers: { origin: 'http://localhost' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ code: 'epub_locations_failed' });
    expect(await count('books')).toBe(books);
  });
});

/** How much of a stored picture is dark: a blank page has none. */
async function darkShare(bytes: Uint8Array): Promise<number> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
  return dark / (image.width * image.height);
}

describe('scanned PDFs', () => {
  test.each(['scan-jbig2.pdf', 'scan-jpx.pdf', 'scan-ccitt.pdf', 'pindaian-jpeg.pdf'])('%s gets a cover and a page-1 picture that show the scan, the picture kept where it is smaller than what page 1 needs', async (name) => {
    const result = await ctx.ingest(name, { file: own(name) });
    expect(result).toMatchObject({ kind: 'pdf', pages: 1 });
    // The printed bars and heading cover about a fifth of the page; a page drawn without its image is white.
    expect(await darkShare(await readObject(ctx.deps.store, result.book_id, COVER_OBJECT))).toBeGreaterThan(0.1);
    const pdf = await inspectPdf(own(name), { chunkSize: PDF_CHUNK_SIZE });
    expect(pdf.preview).not.toBeNull();
    expect(await darkShare(pdf.preview!.bytes)).toBeGreaterThan(0.1);
    // The picture is stored only where it is much smaller than what pdf.js needs to draw page 1.
    const pays = pdf.preview!.bytes.length * 2 < pdf.bootChunks.length * PDF_CHUNK_SIZE;
    const stored = await readObject(ctx.deps.store, result.book_id, PREVIEW_OBJECT).then(
      (bytes) => bytes,
      () => null,
    );
    expect(stored === null).toBe(!pays);
  });
});

describe('descriptions', () => {
  test('a PDF’s Subject becomes the book’s description when none is given', async () => {
    const result = await ctx.ingest('scan-jbig2.pdf', { file: own('scan-jbig2.pdf') });
    expect((await stored(result.book_id)).description).toBe('Halaman pindaian hitam-putih untuk menguji gambar JBIG2.');
  });

  test('an EPUB’s own description becomes the book’s when none is given; a given one wins', async () => {
    const own1 = await ctx.ingest('mixed-layout.epub', { file: own('mixed-layout.epub') });
    expect((await stored(own1.book_id)).description).toBe('Sebuah buku uji dengan bab teks dan satu halaman gambar tetap.');
    const given = await ctx.ingest('mixed-layout.epub', { file: own('mixed-layout.epub'), description: 'Deskripsi dari pustakawan.' });
    expect((await stored(given.book_id)).description).toBe('Deskripsi dari pustakawan.');
  });

  test('a description written as HTML is stored as plain text', async () => {
    const files = unzipSync(own('mixed-layout.epub'));
    const opf = new TextDecoder().decode(files['OEBPS/package.opf']!).replace(
      /<dc:description>[^<]*<\/dc:description>/,
      '<dc:description>&lt;p&gt;Cerita &lt;b&gt;tebal&lt;/b&gt;&lt;script&gt;x&lt;/script&gt;&lt;/p&gt;</dc:description>',
    );
    const file = withChapter('OEBPS/package.opf', opf);
    const result = await ctx.ingest('html.epub', { file });
    expect((await stored(result.book_id)).description).toBe('Cerita tebal x');
  });
});
