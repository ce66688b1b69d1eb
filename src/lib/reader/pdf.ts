import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { ObjectSource } from './source.ts';
import { pdfjsDecodersPath } from './pdfjs-assets.ts';

export type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | undefined;
let worker: Worker | undefined;

/**
 * Starts loading pdf.js and its worker; both are needed only here, so they are fetched when a
 * reader opens (in parallel with the book's first chunks) and cached by the browser for good.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    worker ??= new Worker(workerUrl, { type: 'module' });
    const lib = await import('pdfjs-dist');
    lib.GlobalWorkerOptions.workerPort = worker;
    return lib;
  })();
  return pdfjs;
}

/**
 * Opens a PDF through pdf.js's range transport: pdf.js asks for ranges and `source` answers them,
 * from chunks fetched ahead (the ones page 1 needs) or on demand. pdf.js never waits for the whole
 * file. `password` answers a password prompt without asking the reader (spec 02 §4.7).
 */
export async function openPdf(lib: PdfJs, source: ObjectSource, options: { initialChunks: number; password: () => Promise<string | null> }): Promise<PDFDocumentProxy> {
  const initialLength = Math.min(source.size, options.initialChunks * source.chunkSize);
  const initialData = initialLength > 0 ? await source.read(0, initialLength) : null;

  class RangeTransport extends lib.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      source.read(begin, end).then(
        (bytes) => this.onDataRange(begin, bytes),
        (error: unknown) => failed(error),
      );
    }
  }
  const transport = new RangeTransport(source.size, initialData);
  const task = lib.getDocument({
    range: transport,
    rangeChunkSize: source.chunkSize,
    disableAutoFetch: true,
    disableStream: true,
    // JBIG2 and JPEG 2000 images (scans): pdf.js's JavaScript decoders, from the folder the build
    // copies them to; their WebAssembly versions would need a policy that allows WebAssembly.
    useWasm: false,
    wasmUrl: pdfjsDecodersPath(lib.version),
    verbosity: 0,
  });
  let failed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  task.onPassword = (answer: (password: string) => void, reason: number) => {
    if (reason === lib.PasswordResponses.INCORRECT_PASSWORD) {
      failed(new Error('The stored PDF password is wrong.'));
      return;
    }
    options.password().then(
      (password) => (password === null ? failed(new Error('The PDF needs a password.')) : answer(password)),
      failed,
    );
  };
  try {
    return await Promise.race([task.promise, failure]);
  } catch (error) {
    void task.destroy();
    throw error;
  }
}

type TextContent = Awaited<ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['getTextContent']>>;
const textContents = new WeakMap<PDFDocumentProxy, Map<number, Promise<TextContent>>>();

/** A page's text content, fetched once per document (the text layer and search share it). */
export function pageTextContent(doc: PDFDocumentProxy, pageNumber: number): Promise<TextContent> {
  let cache = textContents.get(doc);
  if (!cache) textContents.set(doc, (cache = new Map()));
  let entry = cache.get(pageNumber);
  if (!entry) {
    entry = doc.getPage(pageNumber).then((page) => page.getTextContent());
    entry.catch(() => cache.delete(pageNumber));
    cache.set(pageNumber, entry);
  }
  return entry;
}
