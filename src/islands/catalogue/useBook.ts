import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { BookDetail } from '../../lib/catalogue/schema.ts';
import { $book, seedBook } from '../../lib/catalogue/store.ts';
import { useMounted } from '../shell/useMounted.ts';

/** The props every island of the detail page receives. */
export interface BookIslandProps {
  book: BookDetail;
  /** The ePustaka of the address (/book/{id}/{epustaka}), or null. */
  epustakaId: string | null;
  userId: string;
}

/**
 * The book on screen: seeded once from the server's copy (in the browser only: the server must not
 * share it between requests), then the store's — which changes after borrowing, queueing or
 * reviewing. Until hydrated it is the server's copy, so an island that hydrates late (on scroll)
 * starts from the markup the server sent.
 */
export function useBook({ book, epustakaId, userId }: BookIslandProps): BookDetail {
  useState(() => {
    if (!import.meta.env.SSR) seedBook(book, epustakaId, userId);
  });
  const stored = useStore($book).data;
  return useMounted() && stored ? stored : book;
}
