import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import * as calls from '../catalogue/api.ts';
import type { UserBrief } from '../contract/users.ts';
import { $bookRef, currentBook, notifyCatalogueError } from '../catalogue/store.ts';
import { followers } from '../catalogue/book-actions-store.ts';
import { notify } from '../shell/store.ts';

/*
 * Following people and recommending a book to followers (spec 01 §4.6, §7.1; 03 §2.20): the
 * confirmation before a follow changes, and the recommend dialog's state.
 */

/** A list that can be fetched again after a change. */
export interface Reloadable {
  reload(): Promise<void>;
}

export interface FollowConfirm {
  user: Pick<UserBrief, 'id' | 'name' | 'followed' | 'follow_id'>;
  /** The list to refresh afterwards. */
  list: Reloadable | null;
}

/** The follow/unfollow confirmation, stacked over the list it came from, or null. */
export const $followConfirm = atom<FollowConfirm | null>(null);
export const $followBusy = atom(false);

export function askFollow(user: FollowConfirm['user'], list: Reloadable | null): void {
  $followConfirm.set({ user, list });
}

export function cancelFollow(): void {
  $followConfirm.set(null);
}

/** Follows or unfollows the user being confirmed, says so, closes, and refreshes their list. */
export async function confirmFollow(t: TFunction): Promise<void> {
  const pending = $followConfirm.get();
  if (!pending || $followBusy.get()) return;
  const { user, list } = pending;
  $followBusy.set(true);
  try {
    if (user.followed && user.follow_id) {
      await calls.unfollowUser(api, { id: user.follow_id });
      notify('success', t('catalogue.follow.unfollowed', { name: user.name }));
    } else {
      await calls.followUser(api, { user_id: user.id });
      notify('success', t('catalogue.follow.followed', { name: user.name }));
    }
    $followConfirm.set(null);
    await list?.reload().catch(() => undefined);
  } catch (error) {
    notifyCatalogueError(t, error);
  } finally {
    $followBusy.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Recommending a book to followers: who it was sent to while the dialog is open (spec 01 §7.1)

/** Followers the book was recommended to while the dialog is open. */
export const $recommendSent = atom<string[]>([]);
export const $recommendBusy = atom<string | null>(null);

/** Starts a recommendation of another book than the page's (from a list): nobody sent to yet, followers loading. */
export function startRecommendation(): void {
  $recommendSent.set([]);
  void followers.load({}).catch(() => undefined);
}

/**
 * Recommends a book to one follower, with an optional message: the detail page's book, or
 * `other` (a book in a list, with the viewer's id).
 */
export async function recommendTo(t: TFunction, user: { id: string; name: string }, message: string, other?: { id: string; viewerId: string }): Promise<void> {
  const book = other ? { id: other.id } : currentBook();
  const viewerId = other ? other.viewerId : $bookRef.get()?.userId;
  if (!book || user.id === viewerId || $recommendBusy.get()) return;
  $recommendBusy.set(user.id);
  try {
    await calls.postRecommendation(api, {
      feed_type: 'BOOK_RECOMMENDATION',
      object_id: book.id,
      object_type: 'BOOK',
      feed_message: message.trim(),
      recommendation_target: [{ id: user.id, name: user.name }],
    });
    $recommendSent.set([...$recommendSent.get(), user.id]);
    notify('success', t('catalogue.recommend.sent'));
  } catch (error) {
    notifyCatalogueError(t, error);
  } finally {
    $recommendBusy.set(null);
  }
}
