import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client.ts';
import { fitCover } from './cover.ts';
import { newSalt } from './crypto.ts';
import { inspectEpub } from './epub.ts';
import { IngestError } from './errors.ts';
import { inspectPdf } from './pdf.ts';
import { insertBookFile } from './repository.ts';
import { bookPrefix, COVER_OBJECT, EPUB_PREFIX, PDF_OBJECT, PREVIEW_OBJECT } from './store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { stageObjects } from '../storage/staging.ts';
import { MAX_BOOK_BYTES } from '../../src/lib/reader/schema.ts';

/** Plaintext bytes per sealed chunk of a PDF; the reader asks pdf.js for ranges of this size. */
export const PDF_CHUNK_SIZE = 8 * 1024;
/** Plaintext bytes per sealed chunk of an EPUB resource. */
export const EPUB_CHUNK_SIZE = 64 * 1024;

/** What to add: the file and how the catalogue should list it. */
export interface IngestInput {
  file: Uint8Array;
  fileName: string;
  /** Defaults to the file's own title, else its name. */
  title?: string;
  /** Defaults to the file's own author. */
  author?: string;
  /** A category name (Indonesian or English); created when no category has it. */
  category?: string;
  /** An ePustaka id or exact name; the organisation's oldest ePustaka when absent. */
  epustaka?: string;
  /** DRM (copy-limited, streamed encrypted) or open. */
  drm: boolean;
  /** Copies the ePustaka may lend (DRM books only). */
  copies?: number;
  /** The user password of a protected PDF. */
  password?: string;
  description?: string;
  publisher?: string;
}

export interface IngestResult {
  book_id: string;
  title: string;
  author: string | null;
  kind: 'pdf' | 'epub';
  pages: number;
  size: number;
  using_drm: boolean;
  epustaka_id: string;
  /** The name of the ePustaka that holds the book. */
  epustaka_name: string;
  copies: number;
}

export interface IngestTarget {
  store: ObjectStore;
  organizationId: string;
}

/** The file's kind by its signature: `%PDF-` near the start, or a ZIP whose first entry is the EPUB mimetype. */
export function detectKind(file: Uint8Array): 'pdf' | 'epub' | null {
  const head = Buffer.from(file.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (head.startsWith('PK\u0003\u0004') && head.slice(30, 38) === 'mimetype') return 'epub';
  return null;
}

/**
 * Adds a PDF or EPUB to the catalogue: checks it, reads what the readers need, stores its files for
 * streaming and writes the book, its holding and its file row in one transaction. Either all of it
 * is stored or none of it.
 * @throws IngestError with a message fit to show whoever ran the ingest.
 */
export async function ingestBook(db: Db, target: IngestTarget, input: IngestInput): Promise<IngestResult> {
  const { file } = input;
  if (file.length === 0) throw new IngestError('file_empty', `${input.fileName} is empty.`);
  if (file.length > MAX_BOOK_BYTES) {
    throw new IngestError('file_too_large', `${input.fileName} is ${megabytes(file.length)} MB; book files may be at most ${megabytes(MAX_BOOK_BYTES)} MB.`);
  }
  const kind = detectKind(file);
  if (!kind) throw new IngestError('unsupported_file', `${input.fileName} is neither a PDF nor an EPUB (its first bytes match neither).`);
  const copies = input.drm ? Math.max(0, Math.floor(input.copies ?? 1)) : 0;
  const bookId = randomUUID();
  const objects: [string, Uint8Array][] = [];
  let facts: { title: string | null; author: string | null; description: string | null; language: string | null; pages: number; coverType: string | null };
  let fileRow: Parameters<typeof insertBookFile>[1];
  const base = { book_id: bookId, file_name: input.fileName, size: file.length, sha256: sha256(file), key_salt: newSalt() };

  if (kind === 'pdf') {
    const pdf = await inspectPdf(file, { chunkSize: PDF_CHUNK_SIZE, password: input.password });
    objects.push([PDF_OBJECT, file]);
    if (pdf.cover) objects.push([COVER_OBJECT, pdf.cover]);
    // A picture of page 1 pays only when it is much smaller than what pdf.js needs to draw it.
    const preview = pdf.preview && pdf.preview.bytes.length * 2 < pdf.bootChunks.length * PDF_CHUNK_SIZE ? pdf.preview : null;
    if (preview) objects.push([PREVIEW_OBJECT, preview.bytes]);
    facts = { title: pdf.title, author: pdf.author, description: pdf.subject, language: null, pages: pdf.pages, coverType: pdf.cover ? 'image/jpeg' : null };
    fileRow = {
      ...base, kind, chunk_size: PDF_CHUNK_SIZE, pdf_password: input.password || null, pages: pdf.pages,
      outline: pdf.outline, boot_chunks: pdf.bootChunks, epub: null, locations: null,
      preview: preview ? { size: preview.bytes.length, width: preview.width, height: preview.height } : null,
    };
  } else {
    const epub = readEpub(file);
    for (const [name, data] of epub.files) objects.push([EPUB_PREFIX + name, data]);
    const cover = epub.cover ? await fitCover(epub.cover) : null;
    if (cover) objects.push([COVER_OBJECT, cover.bytes]);
    const pages = epub.locations.length || epub.facts.spine.length;
    facts = { title: epub.facts.title, author: epub.facts.author, description: epub.description, language: epub.facts.language, pages, coverType: cover?.mediaType ?? null };
    fileRow = {
      ...base, kind, chunk_size: EPUB_CHUNK_SIZE, pdf_password: null, pages,
      outline: epub.facts.toc, boot_chunks: null, epub: { ...epub.facts }, locations: epub.locations,
    };
  }

  const title = input.title?.trim() || facts.title || input.fileName.replace(/\.[^.]+$/, '');
  const author = input.author?.trim() || facts.author || null;
  const description = input.description?.trim() || facts.description || null;
  // Files first, then the rows in one transaction: no row points to a file that is not there.
  const staged = await stageObjects(db, target.store, bookPrefix(bookId), objects);
  try {
    const epustaka = await db.transaction(async (tx) => {
      const holder = await resolveEpustaka(tx, target.organizationId, input.epustaka);
      const authorId = author ? await findOrCreateAuthor(tx, author) : null;
      const categoryId = input.category ? await findOrCreateCategory(tx, target.organizationId, input.category) : null;
      const coverUrl = facts.coverType ? `/storage/books/${bookId}/cover` : `/storage/covers/${bookId}.svg`;
      await tx.query(
        `INSERT INTO books (id, organization_id, catalog_title, author_id, category_id, publisher, description, language, pages,
                            file_ext, file_size, using_drm, cover_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          bookId, target.organizationId, title, authorId, categoryId, input.publisher ?? null, description,
          languageCode(facts.language), facts.pages, kind, file.length, input.drm, coverUrl,
        ],
      );
      await tx.query('INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty) VALUES ($1, $2, $3, $3)', [holder.id, bookId, copies]);
      await insertBookFile(tx, fileRow);
      await staged.commit(tx);
      return holder;
    });
    return {
      book_id: bookId, title, author, kind, pages: facts.pages, size: file.length, using_drm: input.drm,
      epustaka_id: epustaka.id, epustaka_name: epustaka.name, copies,
    };
  } catch (error) {
    await staged.abort();
    throw error;
  }
}

/** inspectEpub, with anything unexpected it throws (epub.js's own code runs there) as an ingest error. */
function readEpub(file: Uint8Array): ReturnType<typeof inspectEpub> {
  try {
    return inspectEpub(file);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('epub_invalid', `The EPUB could not be read (${(error as Error).message}).`, { cause: error });
  }
}

/**
 * The ePustaka named by id or name; without one, the organisation's public ePustaka with the most
 * active members (anyone may join a public one and borrow at once), the oldest on a tie, else its
 * oldest ePustaka.
 */
export async function resolveEpustaka(db: Queryable, organizationId: string, wanted: string | undefined): Promise<{ id: string; name: string }> {
  const isId = wanted !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(wanted);
  const { rows } = await db.query<{ id: string; epustaka_name: string }>(
    wanted === undefined
      ? `SELECT e.id, e.epustaka_name FROM epustaka e
          WHERE e.organization_id = $1
          ORDER BY e.epustaka_isprivate,
                   (SELECT count(*) FROM epustaka_members m WHERE m.epustaka_id = e.id AND m.member_status = 1) DESC,
                   e.created_at, e.id
          LIMIT 1`
      : isId
        ? 'SELECT id, epustaka_name FROM epustaka WHERE organization_id = $1 AND id = $2'
        : 'SELECT id, epustaka_name FROM epustaka WHERE organization_id = $1 AND lower(epustaka_name) = lower($2) ORDER BY created_at LIMIT 1',
    wanted === undefined ? [organizationId] : [organizationId, wanted],
  );
  if (!rows[0]) {
    throw wanted === undefined
      ? new IngestError('no_epustaka', 'The organisation has no ePustaka to hold the book yet.')
      : new IngestError('epustaka_not_found', `No ePustaka of the organisation is called or numbered ${JSON.stringify(wanted)}.`);
  }
  return { id: rows[0].id, name: rows[0].epustaka_name };
}

async function findOrCreateAuthor(db: Queryable, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM authors WHERE lower(author_name) = lower($1) ORDER BY created_at LIMIT 1', [name]);
  if (rows[0]) return rows[0].id;
  return (await db.query<{ id: string }>('INSERT INTO authors (author_name) VALUES ($1) RETURNING id', [name])).rows[0]!.id;
}

async function findOrCreateCategory(db: Queryable, organizationId: string, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM categories WHERE organization_id = $1 AND (lower(category_name) = lower($2) OR lower(category_name_en) = lower($2))
      ORDER BY created_at LIMIT 1`,
    [organizationId, name],
  );
  if (rows[0]) return rows[0].id;
  return (
    await db.query<{ id: string }>('INSERT INTO categories (organization_id, category_name) VALUES ($1, $2) RETURNING id', [organizationId, name])
  ).rows[0]!.id;
}

function languageCode(language: string | null): string {
  const code = language?.toLowerCase().slice(0, 2);
  return code && /^[a-z]{2}$/.test(code) ? code : 'id';
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}
