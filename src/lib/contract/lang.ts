/** Interface languages: Indonesian is the default, English the fallback. */
export const LANGUAGES = ['id', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'id';

/** The cookie (and local-storage setting) that holds the chosen language. */
export const LANG_COOKIE = 'langActive';

/** The language a stored setting asks for; anything unknown is the default. */
export function normalizeLang(value: string | null | undefined): Lang {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}
