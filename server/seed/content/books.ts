import type { SeedBook } from './types.ts';
import { booksFiksiSejarahBahasa } from './books-1.ts';
import { booksSainsTeknologi } from './books-2.ts';
import { booksAgamaBudaya } from './books-3.ts';
import { booksAnakTerapan } from './books-4.ts';

/**
 * The whole demo catalogue. The seed treats earlier entries as more recently added, so the
 * groups are interleaved to keep the "latest" shelf varied instead of all fiction.
 */
export const books: SeedBook[] = interleave([booksFiksiSejarahBahasa, booksSainsTeknologi, booksAgamaBudaya, booksAnakTerapan]);

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      if (i < list.length) out.push(list[i]!);
    }
  }
  return out;
}
