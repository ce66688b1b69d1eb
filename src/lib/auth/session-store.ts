import { api } from '../http/browser.ts';
import { fetchProfile, postLogout } from '../shell/api.ts';
import { $profile, resetClientState } from '../shell/app-store.ts';

/**
 * Signs out (spec 01 §4.1): asks the web server to end the session and clear its cookies, forgets
 * everything stored in this browser, and goes to /login — even when the call fails, so a user is
 * never stuck signed in on this device.
 */
export async function logout(): Promise<void> {
  try {
    await postLogout(api);
  } catch (error) {
    console.error('The logout call failed; signing out locally', error);
  }
  resetClientState();
  window.location.assign('/login');
}

let profileRequest: Promise<void> | null = null;

/** Fetches the signed-in user's profile into the persisted cache; a failure is logged. */
export function loadProfile(): Promise<void> {
  profileRequest ??= (async () => {
    try {
      $profile.set(await fetchProfile(api));
    } catch (error) {
      console.error('The profile could not be loaded', error);
    } finally {
      profileRequest = null;
    }
  })();
  return profileRequest;
}

/** Loads the profile when none is cached, and refreshes it on every visit to /, like the menu. */
export function syncProfile(path: string): Promise<void> {
  return path === '/' || !$profile.get() ? loadProfile() : Promise.resolve();
}
