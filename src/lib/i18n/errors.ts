import type { TFunction } from 'i18next';

/**
 * The translated text for an API error: by its code when the locale knows it (`errors.<code>`, or
 * `apiErrors.<code>` for the rest of the API's codes), else the server's own message, else the
 * generic text.
 */
export function errorText(t: TFunction, error: { code?: string; message?: string } | null | undefined, values?: Record<string, unknown>): string {
  const code = error?.code;
  for (const key of [`errors.${code}`, `apiErrors.${code}`]) {
    if (code && t(key, { defaultValue: '', ...values })) return t(key, values ?? {});
  }
  return error?.message || t('errors.generic');
}
