import { atom } from 'nanostores';
import { api } from '../http/browser.ts';
import { getFollowerList, getFollowing, getUserProfile } from './api.ts';
import type { PersonRow, UserProfile } from './schema.ts';
import { FOLLOW_DIALOG_PAGE_SIZE } from './rules.ts';
import { createListStore } from '../paging/list-store.ts';
import type { Reloadable } from '../social/store.ts';

/*
 * A profile page's state (spec 02 §2.2, §2.3; 03 §4.6): the profile shown, with its follow state
 * and counts, and the follower and following lists of its dialogs, 10 at a time.
 */

export type ProfileState = Pick<UserProfile, 'id' | 'name' | 'followed' | 'follow_id' | 'is_self' | 'follower_count' | 'following_count'>;

export const $shownProfile = atom<ProfileState | null>(null);

function pick(profile: ProfileState): ProfileState {
  const { id, name, followed, follow_id, is_self, follower_count, following_count } = profile;
  return { id, name, followed, follow_id, is_self, follower_count, following_count };
}

export function showProfile(profile: ProfileState): void {
  $shownProfile.set(pick(profile));
}

/** Fetches the profile again (after a follow changed): its button and counts follow. */
export const profileReload: Reloadable = {
  async reload() {
    const current = $shownProfile.get();
    if (!current) return;
    $shownProfile.set(pick(await getUserProfile(api, { user_id: current.id })));
  },
};

export const followerDialog = createListStore<PersonRow, { user_id: string }>((http, p) => getFollowerList(http, p), FOLLOW_DIALOG_PAGE_SIZE);
export const followingDialog = createListStore<PersonRow, { user_id: string }>((http, p) => getFollowing(http, p), FOLLOW_DIALOG_PAGE_SIZE);

/** A list in a dialog changed a follow: the list and the profile's counts refresh. */
export function dialogReloadable(list: Reloadable): Reloadable {
  return {
    async reload() {
      await Promise.all([list.reload(), profileReload.reload()]);
    },
  };
}

/** A user's profile, with whether the viewer follows them. */
export function loadUserProfile(userId: string): Promise<UserProfile> {
  return getUserProfile(api, { user_id: userId });
}
