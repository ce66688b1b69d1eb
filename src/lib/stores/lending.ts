import type { TFunction } from 'i18next';
import { api } from '../api/browser.ts';
import * as calls from '../api/catalogue.ts';
import type { EpustakaBrief } from '../api/schemas/catalogue.ts';
import { $bookRef, $holdings, joinBookQueue, loadHoldings, notifyCatalogueError, refreshBook } from './catalogue.ts';
import { notify } from './shell.ts';

/**
 * Joins a public ePustaka whose copies are all lent out, then takes a place in its queue: the
 * button says both. A library that answers with a pending request stops there, with a notice.
 */
export async function joinThenQueue(t: TFunction, holding: EpustakaBrief): Promise<void> {
  const ref = $bookRef.get();
  if (!ref || $holdings.get().busy) return;
  $holdings.setKey('busy', holding.id);
  try {
    let joined;
    try {
      joined = await calls.joinEpustaka(api, { epustaka_id: holding.id, user_ids: [ref.userId] });
    } catch (error) {
      notifyCatalogueError(t, error);
      return;
    }
    if (joined.member_status !== 1) {
      notify('info', t('catalogue.borrow.pendingNotice', { name: holding.epustaka_name }));
      await loadHoldings();
      refreshBook();
      return;
    }
    await joinBookQueue(t, holding.id);
    await loadHoldings();
  } finally {
    $holdings.setKey('busy', null);
  }
}
