import { map } from 'nanostores';
import type { MapStore } from 'nanostores';
import { api } from '../http/browser.ts';
import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';

/*
 * Growing lists ('load more'): a page at a time, appended, with the total the server reports.
 * Every list of the app (the book grid, the dialogs' people lists, the shelf, replies) is one.
 */

export interface ListState<T> {
  items: T[];
  total: number;
  loading: boolean;
  /** True once a first page arrived. */
  loaded: boolean;
  error: unknown;
}

export interface ListStore<T, P> {
  $state: MapStore<ListState<T>>;
  /** Starts over with `params`: the first page replaces what was shown. */
  load(params: P): Promise<void>;
  /** Appends the next page. */
  more(): Promise<void>;
  /** Fetches again as many items as are shown (after a change). */
  reload(): Promise<void>;
  /** Shows a page the server already rendered. */
  seed(params: P, body: ListBody<T>): void;
  /** The parameters of the last load. */
  params(): P | undefined;
}

function emptyList<T>(): ListState<T> {
  return { items: [], total: 0, loading: false, loaded: false, error: null };
}

/**
 * A list that grows by `size` items per 'load more'. A newer load wins over an older one still
 * on its way; a failed page keeps what was shown and records the error.
 */
export function createListStore<T, P>(
  fetchPage: (http: HttpClient, params: P & { limit: number; offset: number }) => Promise<ListBody<T>>,
  size: number,
  http: HttpClient = api,
): ListStore<T, P> {
  const $state = map<ListState<T>>(emptyList<T>());
  let current: P | undefined;
  let generation = 0;

  async function fetchInto(params: P, offset: number, limit: number, append: boolean) {
    const mine = ++generation;
    $state.setKey('loading', true);
    $state.setKey('error', null);
    try {
      const body = await fetchPage(http, { ...params, limit, offset });
      if (mine !== generation) return;
      const items = append ? [...$state.get().items, ...body.data] : body.data;
      $state.set({ items, total: body.meta.total, loading: false, loaded: true, error: null });
    } catch (error) {
      if (mine !== generation) return;
      $state.set({ ...$state.get(), loading: false, error });
      throw error;
    }
  }

  return {
    $state,
    load(params) {
      current = params;
      $state.set({ ...emptyList<T>(), loading: true });
      return fetchInto(params, 0, size, false);
    },
    more() {
      if (current === undefined) return Promise.resolve();
      return fetchInto(current, $state.get().items.length, size, true);
    },
    reload() {
      if (current === undefined) return Promise.resolve();
      return fetchInto(current, 0, Math.max(size, $state.get().items.length), false);
    },
    seed(params, body) {
      current = params;
      generation++;
      $state.set({ items: body.data, total: body.meta.total, loading: false, loaded: true, error: null });
    },
    params: () => current,
  };
}

/** True while more items than shown exist. */
export function hasMore(state: ListState<unknown>): boolean {
  return state.loaded && state.items.length < state.total;
}
