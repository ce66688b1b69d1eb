import type { TFunction } from 'i18next';
import type { EpustakaBrief } from '../catalogue/schema.ts';
import { $bookRef } from '../catalogue/store.ts';
import { $holdings, joinBookQueue, joinHolding, loadHoldings } from '../catalogue/book-actions-store.ts';

/**
 * Joins a public ePustaka whose copies are all lent out, then takes a place in its queue: the
 * button says both. A library that answers with a pending request stops there, with a notice.
 */
export async function joinThenQueue(t: TFunction, holding: EpustakaBrief): Promise<void> {
  const ref = $bookRef.get();
  if (!ref || $holdings.get().busy) return;
  $holdings.setKey('busy', holding.id);
  try {
    if (!(await joinHolding(t, holding, ref.userId))) return;
    await joinBookQueue(t, holding.id);
    await loadHoldings();
  } finally {
    $holdings.setKey('busy', null);
  }
}
