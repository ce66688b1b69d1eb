import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { newSalt } from '../reader/crypto.ts';
import { inspectEpub } from '../reader/epub.ts';
import { EPUB_CHUNK_SIZE } from '../reader/ingest.ts';
import { insertBookFile } from '../reader/repository.ts';
import { bookPrefix, EPUB_PREFIX } from '../reader/store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { stageObjects } from '../storage/staging.ts';
import { coverSvg } from '../covers/covers.ts';
import { buildDemoEpub } from './demo-epub.ts';

interface PendingBook {
  id: string;
  catalog_title: string;
  author_name: string | null;
  category_name: string | null;
  publisher: string | null;
  publish_date: string | Date | null;
  isbn: string | null;
  description: string | null;
  language: string | null;
}

/**
 * Gives every book of the organisation that has no readable file yet a generated demo edition: a
 * small EPUB with its title, author, cover and a few chapters, read and stored the way the ingest
 * stores an EPUB. The catalogue record keeps its own cover. Runs once, when the demo is seeded
 * (and for the books the benchmark lends, when the scale data is seeded: `bookIds`).
 * @returns how many books got a file.
 */
export async function attachDemoEditions(
  db: Db,
  target: { store: ObjectStore; organizationId: string },
  log?: (msg: string) => void,
  options: { bookIds?: string[] } = {},
): Promise<number> {
  const { rows } = await db.query<PendingBook>(
    `SELECT b.id, b.catalog_title, a.author_name, c.category_name, b.publisher, b.publish_date, b.isbn, b.description, b.language
       FROM books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id
      WHERE b.organization_id = $1 AND NOT EXISTS (SELECT 1 FROM book_files f WHERE f.book_id = b.id)
        AND ($2::uuid[] IS NULL OR b.id = ANY($2::uuid[]))
      ORDER BY b.created_at, b.id`,
    [target.organizationId, options.bookIds ?? null],
  );
  let added = 0;
  for (const book of rows) {
    try {
      await attachOne(db, target.store, book);
      added += 1;
    } catch (error) {
      log?.(`demo edition of ${JSON.stringify(book.catalog_title)} was not made: ${(error as Error).message}`);
    }
  }
  log?.(`demo editions ready: ${added} books`);
  return added;
}

async function attachOne(db: Db, store: ObjectStore, book: PendingBook): Promise<void> {
  const author = book.author_name ?? '';
  const year = book.publish_date ? new Date(book.publish_date).getUTCFullYear() : null;
  const file = buildDemoEpub({
    id: book.id,
    title: book.catalog_title,
    author: author || 'Anonim',
    category: book.category_name,
    publisher: book.publisher,
    year: Number.isFinite(year) ? year : null,
    isbn: book.isbn,
    description: book.description,
    language: book.language === 'en' ? 'en' : 'id',
    coverSvg: coverSvg({ title: book.catalog_title, author, category: book.category_name ?? undefined, seed: book.id }),
  });
  const epub = inspectEpub(file);
  const objects: [string, Uint8Array][] = [...epub.files].map(([name, data]) => [EPUB_PREFIX + name, data]);
  const staged = await stageObjects(db, store, bookPrefix(book.id), objects);
  const pages = epub.locations.length || epub.facts.spine.length;
  try {
    await db.transaction(async (tx) => {
      await insertBookFile(tx, {
        book_id: book.id,
        kind: 'epub',
        file_name: `${book.id}.epub`,
        size: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
        key_salt: newSalt(),
        chunk_size: EPUB_CHUNK_SIZE,
        pdf_password: null,
        pages,
        outline: epub.facts.toc,
        boot_chunks: null,
        epub: { ...epub.facts },
        locations: epub.locations,
      });
      await tx.query("UPDATE books SET file_ext = 'epub', file_size = $2 WHERE id = $1", [book.id, file.length]);
      await staged.commit(tx);
    });
  } catch (error) {
    await staged.abort();
    throw error;
  }
}
