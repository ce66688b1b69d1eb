/*
 * After a password change every session of the account ends. The settings page leaves a short
 * note for the login page in a cookie scoped to /login: why the user has to sign in again and
 * with which e-mail, so the login form can say so and fill the address in.
 */

export const SIGN_IN_AGAIN_COOKIE = 'ewSignInAgain';
/** Long enough to type the new password, short enough not to linger. */
export const SIGN_IN_AGAIN_SECONDS = 15 * 60;

/** The Set-Cookie value (document.cookie syntax) the settings page writes for `email`. */
export function signInAgainCookie(email: string, secure: boolean): string {
  const parts = [`${SIGN_IN_AGAIN_COOKIE}=${encodeURIComponent(email.trim().toLowerCase())}`, 'Path=/login', `Max-Age=${SIGN_IN_AGAIN_SECONDS}`, 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The e-mail of the note, or null for a missing or malformed one. */
export function signInAgainEmail(value: string | undefined | null): string | null {
  if (!value) return null;
  let email: string;
  try {
    email = decodeURIComponent(value).trim().toLowerCase();
  } catch {
    return null;
  }
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
