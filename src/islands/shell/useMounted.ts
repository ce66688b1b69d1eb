import { useEffect, useState } from 'react';

/**
 * False during the server render and hydration, true afterwards. Islands that show browser-only
 * state (the persisted profile) render the server's markup first, so hydration matches.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
