import type { BookReadingData } from './schema.ts';
import { bookSource } from './book-source.ts';
import { fetchDrmObject } from './source.ts';
import { createEpubFetcher, loadEpubJs, type EpubFetcher } from './epub.ts';
import { loadPdfJs } from './pdf.ts';
import type { ObjectSource } from './source.ts';

/** The element whose `data-book` holds the reading data for the early start. */
export const EARLY_ELEMENT_ID = 'reader-early';

let pdf: { key: string; source: ObjectSource } | null = null;
let preview: { key: string; url: Promise<string | null> } | null = null;
let epub: { key: string; fetcher: EpubFetcher } | null = null;

const keyOf = (data: BookReadingData) => `${data.bookId}:${data.borrow_key ?? ''}`;

/**
 * The PDF's source, with page 1's chunks already asked for. `fresh` starts over (after an error).
 */
export function startPdfFetch(data: BookReadingData, fresh = false): ObjectSource {
  if (!fresh && pdf?.key === keyOf(data)) return pdf.source;
  const source = bookSource(data, data.url_file, 'book.pdf', data.stream.size);
  if (data.lastpage <= 1 && data.stream.boot_chunks.length > 0) {
    void source.prefetch(data.stream.boot_chunks).then(() => performance.mark('reader:page-data'), () => {});
  }
  pdf = { key: keyOf(data), source };
  return source;
}

/**
 * A picture of page 1 as an object URL, when the PDF has one and the reader opens at page 1; it
 * shows while pdf.js draws the page. Null otherwise, or when it could not be fetched.
 */
export function startPreviewFetch(data: BookReadingData): Promise<string | null> {
  if (preview?.key === keyOf(data)) return preview.url;
  const info = data.stream.preview;
  let url: Promise<string | null> = Promise.resolve(null);
  if (info && data.lastpage <= 1) {
    const address = data.url_file.replace(/[^/]*$/, 'preview');
    const bytes =
      data.isDrm && data.borrow_key && data.stream.key_salt
        ? fetchDrmObject({
            url: address,
            object: 'preview',
            chunkSize: data.stream.chunk_size,
            loan: { bookId: data.bookId, userId: data.userId, epustakaId: data.epustakaId, borrowKey: data.borrow_key, salt: data.stream.key_salt },
          })
        : fetch(address, { credentials: 'same-origin' }).then(async (response) => (response.ok ? new Uint8Array(await response.arrayBuffer()) : null));
    url = bytes.then(
      (body) => (body ? URL.createObjectURL(new Blob([body], { type: 'image/webp' })) : null),
      () => null,
    );
  }
  preview = { key: keyOf(data), url };
  return url;
}

/** The EPUB's fetcher, with the package document and the opening chapter already asked for. */
export function startEpubFetch(data: BookReadingData, fresh = false): EpubFetcher {
  if (!fresh && epub?.key === keyOf(data)) return epub.fetcher;
  const fetcher = createEpubFetcher(data);
  if (data.epub) {
    const packageUrl = new URL(data.epub.package_path, fetcher.base).toString();
    void fetcher.bytes(packageUrl).catch(() => {});
    for (const href of [data.epub.start_href, ...data.epub.start_assets]) {
      if (href) void fetcher.bytes(new URL(href, packageUrl).toString()).catch(() => {});
    }
  }
  epub = { key: keyOf(data), fetcher };
  return fetcher;
}

/**
 * Runs as soon as the reader page is parsed, before the island hydrates: asks for the book's first
 * bytes and loads the reading engine, so neither waits for React.
 */
export function startEarly(): void {
  const element = document.getElementById(EARLY_ELEMENT_ID);
  const raw = element?.dataset.book;
  if (!raw) return;
  let data: BookReadingData;
  try {
    data = JSON.parse(raw) as BookReadingData;
  } catch {
    return;
  }
  performance.mark('reader:early');
  try {
    if (data.file_ext === 'pdf') {
      void startPreviewFetch(data);
      startPdfFetch(data);
      void loadPdfJs().catch(() => {});
    } else {
      startEpubFetch(data);
      void loadEpubJs().catch(() => {});
    }
  } catch (error) {
    // The island starts the same work itself and shows any failure.
    console.warn('The book could not be fetched ahead', error);
  }
}
