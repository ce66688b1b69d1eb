import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` only from the first time `when` is true: a dialog made of lazy parts
 * (`React.lazy`) loads its code when it first opens, not with the page. Kept after that, so
 * closing it looks like any other dialog closing.
 */
export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(when);
  if (when && !shown) setShown(true);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}
