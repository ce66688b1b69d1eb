import { Hono } from 'hono';
import {
  bookQuerySchema,
  citationSchema,
  readingDurationsSchema,
  readingProgressSchema,
  syncBookmarkSchema,
  type BookNavigation,
  type BookReadingData,
  type TocEntry,
} from '../../src/lib/reader/schema.ts';
import { requireCaller, type AuthEnv, type Caller } from '../http/auth-guard.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { assertReadable, decideRead, type ContentLoan } from '../access/content-access.ts';
import { contentItemOf, findBookOwner, readerOf } from '../access/books.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { PASSWORD_OBJECT, deriveStreamKey, sealChunk } from './crypto.ts';
import { bookFileUrl } from './objects.ts';
import {
  addDurations,
  findHoldingEpustaka,
  findProgress,
  findReaderBook,
  hasBorrowed,
  insertCitation,
  listBookmarks,
  replaceBookmarks,
  saveProgress,
  type ReaderBookRow,
} from './repository.ts';
import type { OutlineItem } from './pdf.ts';
import type { TocItem } from './epub.ts';
import { recordAccess } from '../shelf/history.repository.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * The readers' calls (spec 02 §7 Reader, spec 01 §7.2): webhook/open-book, book-navigation,
 * bookmark-list, sync-bookmark, book-reading-progress, book-reading-durations, book-citation.
 */
export function readingRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const { db } = deps;
  for (const path of ['/open-book', '/book-navigation', '/bookmark-list', '/sync-bookmark', '/book-reading-progress', '/book-reading-durations', '/book-citation']) {
    app.use(path, requireCaller(deps));
  }

  /** The book with its stored file, when the caller may read it (server/access: one rule for every reading route). */
  async function readableBook(bookId: string, user: Caller['user']): Promise<{ book: ReaderBookRow; loan: ContentLoan | null }> {
    const book = await findReaderBook(db, bookId);
    if (!book || book.organization_id !== user.organization_id) {
      // A catalogue book without a stored file is still a book: say so rather than "no such book".
      if (await findBookOwner(db, bookId)) throw notFound('book_not_readable', 'This book cannot be read on the web.');
      throw notFound('book_not_found', 'The book could not be found.');
    }
    const access = await decideRead(db, contentItemOf(book), readerOf(user), deps.now());
    assertReadable(access);
    return { book, loan: access.loan };
  }

  /**
   * Where the reader is in a book, their bookmarks and their reading time belong to them, not to
   * the loan: what a device kept while the loan ran (read offline, or sent as the tab closed) is
   * still saved after the loan ended, so the next loan opens where they stopped. Only someone who
   * can read the book now or has borrowed it before may store anything about it.
   */
  async function keepsReadingData(bookId: string, user: Caller['user']): Promise<void> {
    try {
      await readableBook(bookId, user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && (await hasBorrowed(db, user.id, bookId))) return;
      throw error;
    }
  }

  app.get('/open-book', async (c) => {
    const { book_id } = queryParams(c, bookQuerySchema);
    const { user } = c.get('caller');
    const { book, loan } = await readableBook(book_id, user);
    let borrowKey: string | null = null;
    let epustakaId: string | null;
    if (book.using_drm && loan) {
      borrowKey = loan.borrow_key;
      epustakaId = loan.epustaka_id;
    } else {
      epustakaId = await findHoldingEpustaka(db, user.id, book.book_id);
    }
    const [progress, bookmarks] = await Promise.all([findProgress(db, user.id, book.book_id), listBookmarks(db, user.id, book.book_id)]);
    const sealedPassword =
      borrowKey && book.pdf_password
        ? sealChunk(
            deriveStreamKey({ borrowKey, salt: book.key_salt, bookId: book.book_id, userId: user.id, object: PASSWORD_OBJECT }),
            0,
            Buffer.from(book.pdf_password, 'utf8'),
          ).toString('base64url')
        : null;
    // Opening a book puts it on top of the reader's history (the shelf's History tab).
    await recordAccess(db, {
      userId: user.id,
      objectType: 'BOOK',
      objectId: book.book_id,
      epustakaId,
      progress: progress?.last_page,
      progressTotal: progress?.total_page,
      at: deps.now(),
    });
    const { features } = deps.config;
    const data: BookReadingData = {
      bookId: book.book_id,
      bookTitle: book.catalog_title,
      userId: user.id,
      epustakaId,
      borrow_key: borrowKey,
      url_file: bookFileUrl(book.book_id, book.kind),
      isDrm: book.using_drm,
      file_ext: book.kind,
      pages: book.pages ?? 0,
      bookDetails: {
        book_author: book.author_name,
        publish_date: book.publish_date,
        publisher: book.publisher,
        catalog_info: { organization_name: book.organization_name },
      },
      lastpage: progress?.last_page ?? 1,
      epub_read_locator: progress?.epub_read_locator ?? null,
      readingId: progress?.reading_id ?? null,
      dataBookmark: bookmarks,
      epub: book.epub
        ? {
            package_path: book.epub.packagePath,
            layout: book.epub.layout,
            spread: book.epub.spread,
            direction: book.epub.direction,
            language: book.epub.language,
            ...startOf(book.epub.spine, progress?.epub_read_locator ?? null),
            nav_href: book.epub.navHref ?? null,
            nav_kind: book.epub.navKind ?? null,
          }
        : null,
      stream: {
        chunk_size: book.chunk_size,
        size: book.size,
        boot_chunks: book.boot_chunks ?? [],
        preview: book.preview ?? null,
        key_salt: book.using_drm ? book.key_salt : null,
        sealed_password: sealedPassword,
        password: book.using_drm ? null : book.pdf_password,
      },
      features: {
        bookmark: features.bookmark,
        readingProgress: features.readingProgress,
        readingDuration: features.readingDuration,
        bookCitation: features.bookCitation,
      },
    };
    return c.json({ data });
  });

  app.get('/book-navigation', async (c) => {
    const { book_id } = queryParams(c, bookQuerySchema);
    const { book } = await readableBook(book_id, c.get('caller').user);
    const data: BookNavigation = {
      toc: book.kind === 'pdf' ? (book.outline ?? []).map(fromOutline) : ((book.outline as unknown as TocItem[] | null) ?? []).map(fromToc),
      locations: book.kind === 'epub' ? (book.locations ?? []) : null,
    };
    // The navigation of a stored file never changes.
    return c.json({ data }, 200, { 'Cache-Control': 'private, max-age=86400' });
  });

  app.get('/bookmark-list', async (c) => {
    const { book_id } = queryParams(c, bookQuerySchema);
    const data = await listBookmarks(db, c.get('caller').user.id, book_id);
    return c.json({ data, meta: { total: data.length, limit: data.length, offset: 0 } });
  });

  app.post('/sync-bookmark', async (c) => {
    const body = await jsonBody(c, syncBookmarkSchema);
    const { user } = c.get('caller');
    const bookId = body.book_id ?? body.data[0]!.book_id;
    await keepsReadingData(bookId, user);
    await db.transaction((tx) => replaceBookmarks(tx, user.id, bookId, body.data));
    return c.json({ data: await listBookmarks(db, user.id, bookId) });
  });

  app.get('/book-reading-progress', async (c) => {
    const { book_id } = queryParams(c, bookQuerySchema);
    return c.json({ data: await findProgress(db, c.get('caller').user.id, book_id) });
  });

  app.post('/book-reading-progress', async (c) => {
    const body = await jsonBody(c, readingProgressSchema);
    const { user } = c.get('caller');
    await keepsReadingData(body.book_id, user);
    const saved = await saveProgress(db, user.id, body);
    await recordAccess(db, { userId: user.id, objectType: 'BOOK', objectId: body.book_id, progress: body.last_page, progressTotal: body.total_page, at: deps.now() });
    return c.json({ data: saved });
  });

  app.post('/book-reading-durations', async (c) => {
    const body = await jsonBody(c, readingDurationsSchema);
    const { user } = c.get('caller');
    await keepsReadingData(body.book_id, user);
    await db.transaction((tx) => addDurations(tx, user.id, body.book_id, body.page_duration));
    return c.json({ data: { message: 'Saved.' } });
  });

  app.post('/book-citation', async (c) => {
    const body = await jsonBody(c, citationSchema);
    const { user } = c.get('caller');
    await readableBook(body.book_id, user);
    return c.json({ data: await insertCitation(db, user.id, body) }, 201);
  });

  return app;
}

/**
 * The spine item the reader opens at, with its images and style sheets: the one a CFI points into
 * (`epubcfi(/6/N!…)` is item N/2 - 1), else the first linear one.
 */
function startOf(spine: { href: string; linear: boolean; assets?: string[] }[], locator: string | null): { start_href: string | null; start_assets: string[] } {
  const step = locator ? /^epubcfi\(\/\d+\/(\d+)/.exec(locator) : null;
  const item = (step ? spine[Number(step[1]) / 2 - 1] : undefined) ?? spine.find((entry) => entry.linear) ?? spine[0];
  return { start_href: item?.href ?? null, start_assets: item?.assets ?? [] };
}

function fromOutline(item: OutlineItem): TocEntry {
  return { title: item.title, page: item.page, items: item.items.map(fromOutline) };
}

function fromToc(item: TocItem): TocEntry {
  return { title: item.label, href: item.href, items: item.items.map(fromToc) };
}
