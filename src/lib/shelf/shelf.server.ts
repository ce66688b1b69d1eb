import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { BorrowShelfItem, QueueShelfItem } from './schema.ts';
import { getBorrowShelf, getQueueShelf } from './api.ts';

/**
 * DLS mode (`FEATURE_DLS_MODE`, default off): the shelf has no Queue tab and /more-book-queue
 * is not offered (spec 02 §2.13).
 */
export function isDlsMode(env: Record<string, string | undefined> = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.FEATURE_DLS_MODE ?? '');
}

/**
 * A shelf list for a server-rendered page: the first page, or an empty one and `failed` when the
 * API could not answer (the page then says so instead of showing an empty shelf).
 */
export async function loadShelfList<T>(what: string, load: () => Promise<ListBody<T>>, limit: number): Promise<{ list: ListBody<T>; failed: boolean }> {
  try {
    return { list: await load(), failed: false };
  } catch (error) {
    console.error(`The ${what} could not be loaded`, error);
    return { list: { data: [], meta: { total: 0, limit, offset: 0 } }, failed: true };
  }
}

/** What the signed-in home shows of the shelf: open loans (a few, with the total) and held copies. */
export interface HomeShelf {
  loans: BorrowShelfItem[];
  loanTotal: number;
  offers: QueueShelfItem[];
}

/** Loads the home's shelf parts; each part that fails is left out (and logged), never the page. */
export async function loadHomeShelf(http: HttpClient): Promise<HomeShelf> {
  const [loans, queue] = await Promise.all([
    loadShelfList('home loans', () => getBorrowShelf(http, { limit: 6 }), 6),
    isDlsMode() ? null : loadShelfList('home queue offers', () => getQueueShelf(http, { limit: 5 }), 5),
  ]);
  return {
    loans: loans.list.data,
    loanTotal: loans.list.meta.total,
    offers: (queue?.list.data ?? []).filter((entry) => entry.offer_expires_at),
  };
}
