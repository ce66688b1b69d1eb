import type { TFunction } from 'i18next';

/**
 * The translated text for an API error: by its code when the locale knows it, else the server's
 * own message, else the generic text.
 */
export function errorText(t: TFunction, error: { code?: string; message?: string } | null | undefined, values?: Record<string, unknown>): string {
  const code = error?.code;
  if (code && t(`errors.${code}`, { defaultValue: '', ...values })) return t(`errors.${code}`, values ?? {});
  return error?.message || t('errors.generic');
}
