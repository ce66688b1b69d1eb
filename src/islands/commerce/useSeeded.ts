import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store an island starts from its page's props: in the browser `seed` fills the store once,
 * before the first render; on the server the store (shared by every request) is left alone and
 * the props' `initial` value is rendered instead.
 */
export function useSeeded<T>(store: ReadableAtom<T>, seed: () => void, initial: T): T {
  useState(() => {
    if (!import.meta.env.SSR) seed();
  });
  const value = useStore(store);
  return import.meta.env.SSR ? initial : value;
}
