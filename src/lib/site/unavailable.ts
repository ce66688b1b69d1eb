/**
 * The content-unavailable dialog and the error page (spec 03 §2.20, §8): private content says
 * 'no access to content', anything else 'content not found'; closing goes home unless the
 * content is private (the visitor may still join and come back to it).
 */
export type UnavailableKind = 'private' | 'not_found';

/** Reasons the /error page names; anything else shows the general text. */
export const ERROR_REASONS = ['private', 'not_found', 'server', 'offline'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number] | 'general';

import type { UnavailableLibrary } from '../libraries/membership-rules.ts';

export type { UnavailableLibrary };

/**
 * What the private-content dialog offers: joining the library (or renewing an expired
 * membership) on its page, or nothing while a request to join waits for approval; with no known
 * library, nothing. The dialog's own close control is its only close.
 */
export function unavailableAction(library: UnavailableLibrary | null): 'join' | 'extend' | 'none' {
  if (!library) return 'none';
  if (library.state === 'none') return 'join';
  if (library.state === 'expired') return 'extend';
  return 'none';
}

export function unavailableKind(isPrivate: boolean): UnavailableKind {
  return isPrivate ? 'private' : 'not_found';
}

/** Where closing the dialog leads: home, or nowhere (stay) for private content. */
export function closeTarget(kind: UnavailableKind): string | null {
  return kind === 'private' ? null : '/';
}

/** The reason of an /error?reason= address, from the allowlist only. */
export function errorReason(value: string | null | undefined): ErrorReason {
  return (ERROR_REASONS as readonly string[]).includes(value ?? '') ? (value as ErrorReason) : 'general';
}
