import type { BookReadingData } from './schema.ts';
import { createDrmSource, createOpenSource, type ObjectSource } from './source.ts';

/**
 * The source of one object of a book: sealed chunks for a DRM book (with the loan's key), plain
 * range requests for an open one.
 */
export function bookSource(data: BookReadingData, url: string, object: string, size: number, chunkSize = data.stream.chunk_size): ObjectSource {
  if (data.isDrm) {
    if (!data.borrow_key || !data.stream.key_salt) throw new Error('A DRM book needs a loan to open.');
    return createDrmSource({
      url,
      size,
      chunkSize,
      object,
      loan: { bookId: data.bookId, userId: data.userId, epustakaId: data.epustakaId, borrowKey: data.borrow_key, salt: data.stream.key_salt },
    });
  }
  return createOpenSource({ url, size, chunkSize });
}

/** How many chunks from the start of the file are among `chunks` without a gap. */
export function leadingChunks(chunks: number[]): number {
  let n = 0;
  while (chunks.includes(n)) n += 1;
  return n;
}
