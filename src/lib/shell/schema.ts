import { z } from 'zod';
import { LANGUAGES } from '../contract/lang.ts';

/** PATCH webhook/fcm-token. `fcm_token`: a device's push token, or a browser's Web Push subscription as JSON; `lang`: its texts' language. */
export const fcmTokenSchema = z.object({ fcm_token: z.string().trim().min(1).max(4096), lang: z.enum(LANGUAGES, { error: 'invalid_lang' }).optional() });

export const menuQuerySchema = z.object({ platform: z.enum(['web', 'android', 'ios']).default('web') });

/** One entry of the app menu; `id` names it (shelf, friendship, donation, help, membership, ...). */
export interface MenuEntry {
  id: string;
  name: string;
  url: string;
  icon: string;
}

/** GET webhook/menu: groups whose `android_menu` lists are flattened into the app menu. */
export interface MenuGroup {
  id: string;
  menu_name: string;
  android_menu: MenuEntry[];
}

/** GET webhook/profile. */
export interface Profile {
  id: string;
  name: string;
  email: string;
  avatar_url: string | null;
  greeting: string | null;
  organizations: { id: string; name: string; logo_url: string | null };
  role: { role_code: number };
}

/** What the signed-in header shows of its user, rendered on the server. */
export type HeaderProfile = Pick<Profile, 'id' | 'name' | 'email' | 'avatar_url'>;
