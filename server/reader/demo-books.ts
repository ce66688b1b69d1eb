import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import { bookFixturesDir } from './fixtures.ts';
import { buildDemoGuidePdf, GUIDE_TITLE } from '../seed/demo-pdf.ts';
import { ingestBook, type IngestInput } from './ingest.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** A demo book made from one of the shared fixture files. */
export interface DemoBookFile {
  file: string;
  input: Omit<IngestInput, 'file' | 'fileName'>;
  /** Kept out of a production demo: its licence allows local tests only. */
  testOnly?: boolean;
}

const NUSANTARA = 'Perpustakaan Digital Nusantara';

/** Real books of the demo. Test files (the pdf.js issue files, the TraceMonkey paper) are not among them: the tests add their own copies. */
export const demoBookFiles: DemoBookFile[] = [
  {
    file: 'freeculture-352p-outline.pdf',
    input: {
      title: 'Free Culture', author: 'Lawrence Lessig', category: 'Teknologi & Komputer', epustaka: NUSANTARA, drm: true, copies: 3,
      publisher: 'The Penguin Press', description: 'Bagaimana media besar memakai teknologi dan hukum untuk mengunci budaya dan mengendalikan kreativitas (CC BY-NC 1.0).',
    },
  },
  {
    file: 'moby-dick.epub',
    input: { title: 'Moby-Dick', author: 'Herman Melville', category: 'Fiksi', epustaka: NUSANTARA, drm: true, copies: 2, description: 'Kisah Kapten Ahab memburu paus putih (CC BY-SA 3.0).' },
  },
  { file: 'alice-epub3-images.epub', input: { author: 'Lewis Carroll', category: 'Anak-anak', epustaka: NUSANTARA, drm: false } },
  { file: 'wasteland.epub', input: { author: 'T.S. Eliot', category: 'Bahasa & Sastra', epustaka: NUSANTARA, drm: false } },
  { file: 'leaves-of-grass-epub2.epub', input: { author: 'Walt Whitman', category: 'Bahasa & Sastra', epustaka: NUSANTARA, drm: false } },
  { file: 'page-blanche-fxl.epub', input: { author: 'Boulet & Pénélope Bagieu', category: 'Seni & Budaya', epustaka: NUSANTARA, drm: false } },
];

/**
 * Adds the demo's own PDF (a reader's guide written by the PDF writer, so every demo has a PDF with
 * real text to read), and the real-world books when their folder exists, through the same ingest as
 * `npm run ingest`; the catalogue works without the latter.
 */
export async function attachDemoBookFiles(db: Db, config: ServerConfig, store: ObjectStore, log?: (msg: string) => void): Promise<number> {
  const target = { store, organizationId: config.organizationId };
  let added = 0;
  try {
    await ingestBook(db, target, {
      file: buildDemoGuidePdf(), fileName: 'panduan-membaca.pdf', title: GUIDE_TITLE, category: 'Bahasa & Sastra', epustaka: NUSANTARA, drm: true, copies: 3,
    });
    added += 1;
  } catch (error) {
    log?.(`demo guide was not added: ${(error as Error).message}`);
  }
  const dir = bookFixturesDir();
  if (!existsSync(dir)) {
    log?.(`demo book files ready: ${added} readable books (no real-world books at ${dir})`);
    return added;
  }
  for (const entry of demoBookFiles) {
    if (entry.testOnly && config.production) continue;
    const path = join(dir, entry.file);
    if (!existsSync(path)) continue;
    try {
      await ingestBook(db, target, {
        ...entry.input,
        file: new Uint8Array(readFileSync(path)),
        fileName: entry.file,
      });
      added += 1;
    } catch (error) {
      // A changed fixture folder costs that one book, not the start of the server.
      log?.(`demo book file ${entry.file} was not added: ${(error as Error).message}`);
    }
  }
  log?.(`demo book files ready: ${added} readable books`);
  return added;
}
