import type { TFunction } from 'i18next';

/** An API error as pages and islands hold it: a parsed `errors[0]`, or the HTTP layer's ApiError. */
export interface ErrorLike {
  code?: string;
  message?: string;
  status?: number;
  retry_after?: number;
  body?: unknown;
}

/** The seconds a refused call (429) asks to wait: its `retry_after`, or that of the body's first error. */
export function retryAfterOf(error: ErrorLike | null | undefined): number | undefined {
  if (typeof error?.retry_after === 'number') return error.retry_after;
  const first = (error?.body as { errors?: { retry_after?: unknown }[] } | undefined)?.errors?.[0];
  return typeof first?.retry_after === 'number' ? first.retry_after : undefined;
}

/**
 * "Too many …, try again in N minutes" for a call refused as too many (429), else null: for a
 * place with texts of its own for other failures.
 */
export function tooManyRequestsText(t: TFunction, error: ErrorLike | null | undefined): string | null {
  const retry = retryAfterOf(error);
  if (error?.status !== 429 && retry === undefined) return null;
  return t('errors.too_many_requests', { minutes: Math.max(1, Math.ceil((retry ?? 60) / 60)) });
}

/**
 * The translated text for an API error: by its code when the locale knows it (`errors.<code>`, or
 * `apiErrors.<code>` for the rest of the API's codes); a refusal for too many calls (429) as
 * `errors.too_many_requests` with the wait in whole minutes; else the server's own message, else
 * the generic text.
 */
export function errorText(t: TFunction, error: ErrorLike | null | undefined, values?: Record<string, unknown>): string {
  const code = error?.code;
  const retry = retryAfterOf(error);
  const all = { minutes: Math.max(1, Math.ceil((retry ?? 60) / 60)), ...values };
  for (const key of [`errors.${code}`, `apiErrors.${code}`]) {
    if (code && t(key, { defaultValue: '', ...all })) return t(key, all);
  }
  return tooManyRequestsText(t, error) ?? (error?.message || t('errors.generic'));
}
