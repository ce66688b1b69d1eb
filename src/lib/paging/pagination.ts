/** `limit`/`offset` query for a 1-based page of `size` items. */
export function limitOffset(page: number, size: number): { limit: number; offset: number } {
  return { limit: size, offset: (page - 1) * size };
}

/** The tables style of {@link limitOffset}: `page[limit]` and `page[offset]`. */
export function tablePage(page: number, size: number): { 'page[limit]': number; 'page[offset]': number } {
  return { 'page[limit]': size, 'page[offset]': (page - 1) * size };
}
