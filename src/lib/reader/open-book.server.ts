import type { AstroCookies } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { ApiError } from '../http/errors.ts';
import { fetchOpenBook } from './api.ts';
import { getBookDetail } from '../catalogue/api.ts';
import type { BookReadingData, ReaderProblem } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reading data of `?book=<id>` for a reader page, or why the book cannot be read: no loan
 * (403; a loan that has ended when the caller borrowed the book before), no readable file (404,
 * or a malformed id), or anything else.
 */
export async function loadReadingData(context: { url: URL; locals: App.Locals; cookies: AstroCookies; request: Request }): Promise<{
  bookId: string;
  data: BookReadingData | null;
  problem: ReaderProblem | null;
}> {
  const bookId = context.url.searchParams.get('book') ?? '';
  if (!UUID.test(bookId)) return { bookId, data: null, problem: 'not_readable' };
  try {
    return { bookId, data: await fetchOpenBook(await serverApi(context), bookId), problem: null };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== 403 && status !== 404) console.error(`[reader] open-book ${bookId} failed`, error);
    if (status === 403 && error instanceof ApiError && error.code === 'not_a_member') return { bookId, data: null, problem: 'not_member' };
    if (status === 403) return { bookId, data: null, problem: (await borrowedBefore(context, bookId)) ? 'loan_ended' : 'no_loan' };
    return { bookId, data: null, problem: status === 404 ? 'not_readable' : 'error' };
  }
}

/** Whether the caller has borrowed the book before (false when that cannot be told). */
async function borrowedBefore(context: Parameters<typeof serverApi>[0], bookId: string): Promise<boolean> {
  try {
    return (await getBookDetail(await serverApi(context), { book_id: bookId })).has_borrow_before;
  } catch {
    return false;
  }
}
