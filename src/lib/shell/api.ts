import type { HttpClient } from '../http/http.ts';
import type { ItemBody } from '../contract/common.ts';
import type { MenuGroup, Profile } from './schema.ts';

/** GET webhook/menu?platform=web: the app menu groups. */
export async function fetchMenu(http: HttpClient): Promise<MenuGroup[]> {
  const body = await http.get<ItemBody<MenuGroup[]>>('webhook/menu', { platform: 'web' });
  return body.data;
}

/** GET webhook/profile: the signed-in user as the header shows them. */
export async function fetchProfile(http: HttpClient): Promise<Profile> {
  const body = await http.get<ItemBody<Profile>>('webhook/profile');
  return body.data;
}

/** POST auth/logout: the web server revokes the session and clears its cookies. */
export async function postLogout(http: HttpClient): Promise<void> {
  await http.post('auth/logout', {});
}
