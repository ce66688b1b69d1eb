import type { AstroGlobal } from 'astro';
import { accountErrorText } from '../i18n/account-errors.ts';
import { safeNextPath } from '../site/routes.ts';
import { SIGN_IN_AGAIN_COOKIE, signInAgainEmail } from './sign-in-again.ts';
import { getApiFetch } from '../bff/api-fetch.server.ts';
import { signIn } from '../bff/auth.server.ts';
import { isSecureRequest } from '../bff/cookies.server.ts';
import { loadConfig } from '../../../server/web-entry.ts';

/** What the login page renders after a submitted form that did not sign in. */
export interface LoginFormState {
  email: string;
  next: string;
  error: string | null;
  /** The field the error belongs to, for aria-describedby. */
  errorField: 'email' | 'password' | null;
  /** The error is a missing field: it goes away once the field is filled. */
  missing?: boolean;
  /** A password was typed but the form came back without it. */
  passwordCleared?: boolean;
  /** The account's password was just changed: sign in again (the e-mail is filled in). */
  passwordChanged?: boolean;
}

const { appName } = loadConfig();

/**
 * Handles the login form: signs in and redirects (to the remembered page, or to /not-activated for
 * an unverified account), or returns the state to render with a translated error. The typed e-mail
 * is kept; the password is not echoed back.
 */
export async function handleLoginForm(Astro: AstroGlobal): Promise<Response | LoginFormState> {
  const { t } = Astro.locals;
  const next = safeNextPath(Astro.url.searchParams.get('next'));
  if (Astro.request.method !== 'POST') {
    const changedFor = signInAgainEmail(Astro.cookies.get(SIGN_IN_AGAIN_COOKIE)?.value);
    if (changedFor) return { email: changedFor, next, error: null, errorField: null, passwordChanged: true };
    return { email: '', next, error: null, errorField: null };
  }

  const form = await Astro.request.formData();
  const email = String(form.get('email') ?? '').trim().toLowerCase();
  const password = String(form.get('password') ?? '');
  const target = safeNextPath(String(form.get('next') ?? next));
  if (!email || !password) {
    Astro.response.status = 400;
    return { email, next: target, error: t('errors.required'), errorField: email ? 'password' : 'email', missing: true, passwordCleared: password !== '' };
  }
  const outcome = await signIn(await getApiFetch(), Astro.cookies, { email, password }, {
    userAgent: Astro.request.headers.get('user-agent'),
    secure: isSecureRequest(Astro.request),
    clientIp: clientAddress(Astro),
  });
  if (outcome.ok) {
    // Cleared with the same flags it was set with, so no cookie of the site goes without Secure over HTTPS.
    Astro.cookies.delete(SIGN_IN_AGAIN_COOKIE, { path: '/login', secure: isSecureRequest(Astro.request), sameSite: 'lax' });
    return Astro.redirect(outcome.session.verified ? target : '/not-activated', 303);
  }
  Astro.response.status = outcome.status;
  const first = outcome.body?.errors?.[0];
  return {
    email,
    next: target,
    error: accountErrorText(t, first, { app: appName }),
    errorField: first?.code === 'invalid_email' ? 'email' : 'password',
    passwordCleared: true,
  };
}

/** The visitor's address as the web server sees it, when the adapter knows it. */
export function clientAddress(context: { clientAddress: string }): string | null {
  try {
    return context.clientAddress || null;
  } catch {
    return null;
  }
}
