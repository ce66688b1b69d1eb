import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { hasMore, type ListStore } from '../../lib/paging/list-store.ts';

/** The first page as the server rendered it: its items and the total the API reported. */
interface FirstPage<T> {
  data: T[];
  meta: { total: number };
}

/**
 * A list store's items: the server's first page until the store has its own, so the first paint
 * needs no request and hydration matches.
 */
export function useSeededList<T, P>(list: ListStore<T, P>, params: P, initial: FirstPage<T>) {
  useState(() => {
    if (!import.meta.env.SSR) list.seed(params, { data: initial.data, meta: { total: initial.meta.total, limit: initial.data.length, offset: 0 } });
  });
  const state = useStore(list.$state);
  return {
    items: state.loaded ? state.items : initial.data,
    total: state.loaded ? state.total : initial.meta.total,
    loading: state.loading,
  };
}

/**
 * A grid that starts with the server's first page and grows by a page per 'load more' (the list
 * store's page size). After 'load more', keyboard users continue at the first new entry: give
 * `listRef` to the list, whose entries are links. `onError` gets a page that failed to load.
 */
export function useLoadMore<T, P>(list: ListStore<T, P>, params: P, initial: FirstPage<T>, onError: (error: unknown) => void) {
  const { items, total, loading } = useSeededList(list, params, initial);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll('a')[from]?.focus();
  }, [items.length]);

  const loadMore = () => {
    focusFrom.current = items.length;
    list.more().catch(onError);
  };
  return { items, total, loading, canLoadMore: hasMore({ items, total, loading, loaded: true, error: null }), listRef, loadMore };
}
