import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import * as calls from './api.ts';
import { joinEpustaka } from '../catalogue/api.ts';
import type { EpustakaCard, EpustakaMember, NonMember } from './schema.ts';
import { LIBRARY_LIMITS } from './rules.ts';
import { catalogueErrorText } from '../catalogue/store.ts';
import { isSilentError } from '../http/errors.ts';
import { notify } from '../shell/store.ts';
import { createListStore } from '../paging/list-store.ts';

export { hasMore } from '../paging/list-store.ts';

/*
 * The ePustaka screens' state (spec 02 §2.9–§2.12): the directory, a library's member list, and
 * membership administration (members, join requests, adding members). Islands read these stores
 * and call these actions; texts are translated with the `t` they pass in.
 */

export function notifyLibraryError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  const code = (error as { code?: string } | null)?.code;
  const own = code ? t(`libraries.errors.${code}`, { defaultValue: '' }) : '';
  notify('error', own || catalogueErrorText(t, error));
}

// ---------------------------------------------------------------------------------------------
// Directory (/more-epustaka): 20, then 15 per 'load more'

export const directory = createListStore<EpustakaCard, { q?: string }>(
  (http, { limit, offset, q }) => calls.getEpustakaList(http, { limit, offset, ...(q ? { q } : {}) }),
  LIBRARY_LIMITS.directory.more,
);

// ---------------------------------------------------------------------------------------------
// A library's member list (the modal of its page): 20, then 25

export const memberModalList = createListStore<EpustakaMember, { epustaka_id: string }>(
  (http, params) => calls.getMemberList(http, { ...params, status: '1' }),
  LIBRARY_LIMITS.memberModal.more,
);

/** Opens the member list with its first 20 (then 25 per 'more'). */
export async function loadMemberModal(epustakaId: string): Promise<void> {
  memberModalList.$state.set({ items: [], total: 0, loading: true, loaded: false, error: null });
  const first = await calls.getMemberList(api, { epustaka_id: epustakaId, status: '1', limit: LIBRARY_LIMITS.memberModal.first });
  memberModalList.seed({ epustaka_id: epustakaId }, first);
}

// ---------------------------------------------------------------------------------------------
// Administration (/membership)

export const memberList = createListStore<EpustakaMember, { epustaka_id: string }>(
  (http, params) => calls.getMemberList(http, { ...params, status: '1' }),
  LIBRARY_LIMITS.members.more,
);

export const requestList = createListStore<EpustakaMember, { epustaka_id: string }>(
  (http, params) => calls.getMemberList(http, { ...params, status: '0' }),
  LIBRARY_LIMITS.members.more,
);

export const nonMemberList = createListStore<NonMember, { epustaka_id: string; q?: string }>(
  (http, { q, ...params }) => calls.getNonMemberList(http, { ...params, ...(q ? { q } : {}) }),
  LIBRARY_LIMITS.nonmembers,
);

/** The membership being acted on (approve, decline, remove), or null. */
export const $membershipBusy = atom<string | null>(null);

/** What the confirmation dialog asks about, or null when closed. */
export const $membershipConfirm = atom<{ kind: 'remove' | 'decline'; member: EpustakaMember } | null>(null);

export function askRemove(member: EpustakaMember, kind: 'remove' | 'decline' = 'remove'): void {
  $membershipConfirm.set({ kind, member });
}

export function cancelMembershipConfirm(): void {
  $membershipConfirm.set(null);
}

async function busyWith(id: string, work: () => Promise<void>): Promise<void> {
  $membershipBusy.set(id);
  try {
    await work();
  } finally {
    $membershipBusy.set(null);
  }
}

/** Approves a join request: it leaves the requests and the member list is fetched again. */
export async function approve(t: TFunction, member: EpustakaMember): Promise<void> {
  await busyWith(member.membership_id, async () => {
    try {
      await calls.approveJoinRequest(api, member.membership_id);
      notify('success', t('libraries.admin.approved', { name: member.name }));
    } catch (error) {
      notifyLibraryError(t, error);
    }
    await Promise.allSettled([requestList.reload(), memberList.reload()]);
  });
}

/** Removes the member, or declines the request, the dialog asked about. */
export async function confirmMembershipAction(t: TFunction): Promise<void> {
  const confirm = $membershipConfirm.get();
  if (!confirm) return;
  await busyWith(confirm.member.membership_id, async () => {
    try {
      await calls.removeMembership(api, confirm.member.membership_id);
      notify('success', t(confirm.kind === 'remove' ? 'libraries.admin.removed' : 'libraries.admin.declined', { name: confirm.member.name }));
      $membershipConfirm.set(null);
    } catch (error) {
      notifyLibraryError(t, error);
    }
    await Promise.allSettled([confirm.kind === 'remove' ? memberList.reload() : requestList.reload()]);
  });
}

/** Adds the chosen users as active members; true when they were added. */
export async function addMembers(t: TFunction, epustakaId: string, userIds: string[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  try {
    await joinEpustaka(api, { epustaka_id: epustakaId, user_ids: userIds });
    notify('success', t('libraries.admin.added'));
    await Promise.allSettled([memberList.reload(), requestList.reload()]);
    return true;
  } catch (error) {
    notifyLibraryError(t, error);
    return false;
  }
}

/** Saves a library's loan limit per member (its owner only); the saved value, or null on failure (shown). */
export async function saveLoanLimit(t: TFunction, epustakaId: string, limit: number): Promise<number | null> {
  try {
    const saved = await calls.saveEpustakaSettings(api, { epustaka_id: epustakaId, max_loans_per_member: limit });
    notify('success', t('libraries.admin.loanLimitSaved', { count: saved.max_loans_per_member }));
    return saved.max_loans_per_member;
  } catch (error) {
    notifyLibraryError(t, error);
    return null;
  }
}

/** Joins (public) or asks to join (private) a library for the signed-in user; the new status, or null on failure. */
export async function joinLibrary(t: TFunction, epustaka: { id: string; epustaka_name: string }, userId: string): Promise<0 | 1 | 3 | null> {
  try {
    const result = await joinEpustaka(api, { epustaka_id: epustaka.id, user_ids: [userId] });
    notify('success', t(result.member_status === 1 ? 'libraries.join.joinedNotice' : 'libraries.join.requestedNotice', { name: epustaka.epustaka_name }));
    return result.member_status;
  } catch (error) {
    notifyLibraryError(t, error);
    return null;
  }
}
