import type { TFunction } from 'i18next';
import { errorText, retryAfterOf, type ErrorLike } from './errors.ts';

/** An API error as pages and islands hold it (a parsed `errors[0]`, or the HTTP layer's ApiError). */
export type AccountErrorLike = ErrorLike;

/**
 * The translated text of an account error: `account.errors.<code>`, then `account.validation.<code>`,
 * then the shared error texts (which fall back to the server's message).
 */
export function accountErrorText(t: TFunction, error: AccountErrorLike | null | undefined, values: Record<string, unknown> = {}): string {
  const code = error?.code;
  const retry = error ? retryAfterOf(error) : undefined;
  const all = { minutes: Math.max(1, Math.ceil((retry ?? 60) / 60)), seconds: Math.max(1, Math.ceil(retry ?? 1)), ...values };
  // Sign-in slows down by seconds before it counts in minutes.
  if (code === 'too_many_attempts' && retry !== undefined && retry < 60) return t('access.retrySeconds', all);
  for (const key of [`account.errors.${code}`, `account.validation.${code}`]) {
    if (code && t(key, { defaultValue: '' })) return t(key, all);
  }
  return errorText(t, error, all);
}
