import type { ListBody } from '../api/schemas/common.ts';

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
