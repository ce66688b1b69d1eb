import { map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import { notify } from '../shell/store.ts';
import { decideLatePayment, getReceivedDonations, verifyCashPayment } from './api.ts';
import { COMMERCE_LIMITS } from './values.ts';
import type { ReceivedDonation } from './schema.ts';

/*
 * The donations a library received, for its owner: the list, and the verification of a cash
 * payment (the order then counts as paid and the copies join the library).
 */

export interface ReceivedState {
  epustakaId: string;
  items: ReceivedDonation[];
  total: number;
  loading: boolean;
  error: boolean;
  /** The transaction being verified. */
  busy: string | null;
}

export const $received = map<ReceivedState>({ epustakaId: '', items: [], total: 0, loading: false, error: false, busy: null });

/** Loads the latest donations of a library (15). */
export async function loadReceived(epustakaId: string): Promise<void> {
  $received.set({ ...$received.get(), epustakaId, loading: true, error: false });
  try {
    const body = await getReceivedDonations(api, { epustaka_id: epustakaId, limit: COMMERCE_LIMITS.orderList.default });
    if ($received.get().epustakaId !== epustakaId) return;
    $received.set({ epustakaId, items: body.data, total: body.meta.total, loading: false, error: false, busy: null });
  } catch {
    if ($received.get().epustakaId === epustakaId) $received.set({ ...$received.get(), loading: false, error: true });
  }
}

/** The owner confirms the cash of a donation arrived, then the list is asked for again. */
export async function verifyCash(t: TFunction, donation: ReceivedDonation): Promise<void> {
  if (!donation.transaction_id || $received.get().busy) return;
  $received.setKey('busy', donation.transaction_id);
  try {
    await verifyCashPayment(api, donation.transaction_id);
    notify('success', t('commerce.received.verified'));
    await loadReceived($received.get().epustakaId);
  } catch (error) {
    notify('error', errorText(t, error as never));
  } finally {
    $received.setKey('busy', null);
  }
}

/** The owner accepts a payment that arrived after the deadline (the order is fulfilled) or refunds it. */
export async function decideLate(t: TFunction, donation: ReceivedDonation, decision: 'accept' | 'refund'): Promise<void> {
  if (!donation.transaction_id || $received.get().busy) return;
  $received.setKey('busy', donation.transaction_id);
  try {
    await decideLatePayment(api, donation.transaction_id, decision);
    notify('success', t(decision === 'accept' ? 'commerce.received.accepted' : 'commerce.received.refunded'));
    await loadReceived($received.get().epustakaId);
  } catch (error) {
    notify('error', errorText(t, error as never));
  } finally {
    $received.setKey('busy', null);
  }
}
