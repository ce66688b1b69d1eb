import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import type { TokenPair } from '../auth/schema.ts';
import type { AccountProfile } from './schema.ts';
import { validateEmail, validateNewPassword, validatePasswordConfirm, validateRegisterForm, type RegisterForm } from './rules.ts';
import { accountErrorText, type AccountErrorLike } from '../i18n/account-errors.ts';
import { loadConfig } from '../../../server/web-entry.ts';
import { getApiFetch, INTERNAL_ORIGIN } from '../bff/api-fetch.server.ts';
import { refreshSession } from '../bff/auth.server.ts';
import { REFRESH_COOKIE, clearSessionCookies, isSecureRequest, setSessionCookies } from '../bff/cookies.server.ts';
import { clientAddress } from '../auth/login-form.server.ts';
import { OIDC_FLOW_COOKIE, OIDC_FLOW_SECONDS, SocialLoginError, beginSocialLogin, finishSocialLogin, oidcClientSettings, redirectUriFor } from '../auth/oidc.server.ts';

/*
 * The account pages' plain forms (register, forgot and reset password, not activated, e-mail
 * verified, social sign-in and linking), handled on the server: each page posts to itself, this
 * module calls the API in process with the visitor's language and address, and the page renders
 * the state returned. No script is needed on these pages except the district picker.
 */

const config = loadConfig();

interface ApiAnswer<T> {
  status: number;
  data?: T;
  error?: AccountErrorLike & { field?: string };
}

/** One API call on behalf of the visitor: their language, address and (when given) session. */
export async function callApi<T>(Astro: AstroGlobal, method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> {
  const apiFetch = await getApiFetch();
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': Astro.locals.lang };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const ip = clientAddress(Astro);
  if (ip) headers['x-forwarded-for'] = ip;
  const ua = Astro.request.headers.get('user-agent');
  if (ua) headers['user-agent'] = ua;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await apiFetch(new Request(INTERNAL_ORIGIN + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  type Body = { data?: T; errors?: (AccountErrorLike & { field?: string })[] };
  const parsed = (await res.json().catch(() => null)) as Body | null;
  if (res.ok) return { status: res.status, data: parsed?.data };
  return { status: res.status, error: parsed?.errors?.[0] ?? { code: `http_${res.status}` } };
}

export async function readForm(Astro: AstroGlobal): Promise<FormData | null> {
  if (Astro.request.method !== 'POST') return null;
  try {
    return await Astro.request.formData();
  } catch {
    return new FormData();
  }
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** A field's translated message from a validation code. */
/**
 * The text of a field's error code. A form may word a code its own way under
 * `account.<form>.errors.<code>` (registration asks for a "password", not a "new password").
 */
function fieldMessage(t: TFunction, code: string, form?: 'register'): string {
  const own = form ? t(`account.${form}.errors.${code}`, { defaultValue: '' }) : '';
  return own || accountErrorText(t, { code });
}

// ---------------------------------------------------------------------------------------------
// Register

export interface RegisterState {
  values: Omit<RegisterForm, 'password'> & { district_label: string };
  errors: Partial<Record<keyof RegisterForm, string>>;
  formError: string | null;
  done: { email: string; message: string } | null;
  /** A password was typed but the form came back: it is not sent back, and the page says so. */
  passwordCleared?: boolean;
}

const EMPTY_REGISTER: RegisterState['values'] = { name: '', email: '', phone: '', address: '', district_id: '', district_label: '' };

/** The last segment of an API field path (`data.extras.phone` → `phone`). */
function fieldOf(path: string | undefined): string | undefined {
  return path?.split('.').pop();
}

export async function handleRegisterForm(Astro: AstroGlobal): Promise<RegisterState> {
  const { t } = Astro.locals;
  const form = await readForm(Astro);
  if (!form) return { values: EMPTY_REGISTER, errors: {}, formError: null, done: null };
  const values = {
    name: text(form, 'name'),
    email: text(form, 'email').trim().toLowerCase(),
    phone: text(form, 'phone').trim(),
    address: text(form, 'address'),
    district_id: text(form, 'district_id').trim(),
    district_label: text(form, 'district_label'),
  };
  const password = text(form, 'password');
  const codes = validateRegisterForm({ ...values, password });
  const errors: RegisterState['errors'] = {};
  for (const [field, code] of Object.entries(codes)) errors[field as keyof RegisterForm] = fieldMessage(t, code, 'register');
  if (Object.keys(errors).length > 0) {
    Astro.response.status = 400;
    return { values, errors, formError: t('account.register.fixErrors'), done: null, passwordCleared: password !== '' };
  }
  const res = await callApi<{ message: string; email: string }>(Astro, 'POST', '/auth/register', {
    provider: 'local',
    data: {
      email: values.email,
      password,
      extras: { name: values.name, address: values.address || null, phone: values.phone || null, district_id: values.district_id, organization_id: config.organizationId },
    },
  });
  if (res.data) return { values: EMPTY_REGISTER, errors: {}, formError: null, done: { email: res.data.email, message: res.data.message } };
  Astro.response.status = res.status;
  const field = fieldOf(res.error?.field) as keyof RegisterForm | undefined;
  const message = accountErrorText(t, res.error);
  if (field && field in EMPTY_REGISTER) return { values, errors: { [field]: message }, formError: null, done: null, passwordCleared: true };
  return { values, errors: {}, formError: message, done: null, passwordCleared: true };
}

// ---------------------------------------------------------------------------------------------
// Forgot password

export interface MessageFormState {
  email: string;
  error: string | null;
  /** The API's `data.message`, shown as is (spec 01 §7.1). */
  message: string | null;
}

export async function handleForgotForm(Astro: AstroGlobal): Promise<MessageFormState> {
  const { t } = Astro.locals;
  const form = await readForm(Astro);
  if (!form) return { email: '', error: null, message: null };
  const email = text(form, 'email').trim().toLowerCase();
  const code = validateEmail(email);
  if (code) {
    Astro.response.status = 400;
    return { email, error: fieldMessage(t, code), message: null };
  }
  const res = await callApi<{ message: string }>(Astro, 'POST', '/auth/reset-password-ticket', { email });
  if (res.data) return { email, error: null, message: res.data.message };
  Astro.response.status = res.status;
  return { email, error: accountErrorText(t, res.error), message: null };
}

// ---------------------------------------------------------------------------------------------
// Reset password

export interface ResetState {
  token: string;
  errors: { password?: string; confirm?: string };
  formError: string | null;
  done: string | null;
  /** Passwords were typed but the form came back without them. */
  passwordCleared?: boolean;
}

/**
 * GET shows the form for the link's token; a form POST sets the password through the API. A JSON
 * POST to this path is the API call itself (spec 01 §7.1 auth/reset-password) and is forwarded.
 */
export async function handleResetForm(Astro: AstroGlobal): Promise<ResetState | Response> {
  const { t } = Astro.locals;
  if (Astro.request.method === 'POST' && (Astro.request.headers.get('content-type') ?? '').includes('json')) {
    const { proxyToApi } = await import('../bff/proxy.server.ts');
    return proxyToApi(Astro as unknown as Parameters<typeof proxyToApi>[0]);
  }
  const form = await readForm(Astro);
  if (!form) return { token: Astro.url.searchParams.get('token') ?? '', errors: {}, formError: null, done: null };
  const token = text(form, 'token');
  const password = text(form, 'password');
  const confirm = text(form, 'confirm');
  const errors: ResetState['errors'] = {};
  const passwordCode = validateNewPassword(password);
  const confirmCode = validatePasswordConfirm(password, confirm);
  if (passwordCode) errors.password = fieldMessage(t, passwordCode);
  if (confirmCode) errors.confirm = fieldMessage(t, confirmCode);
  if (errors.password || errors.confirm) {
    Astro.response.status = 400;
    return { token, errors, formError: null, done: null, passwordCleared: password !== '' || confirm !== '' };
  }
  const res = await callApi<{ message: string }>(Astro, 'POST', '/auth/reset-password', { token, password });
  if (res.data) {
    // Every session of the account has ended; this browser forgets its own too.
    clearSessionCookies(Astro.cookies);
    return { token: '', errors: {}, formError: null, done: res.data.message };
  }
  Astro.response.status = res.status;
  if (res.error?.code === 'password_too_short' || res.error?.code === 'password_required') {
    return { token, errors: { password: accountErrorText(t, res.error) }, formError: null, done: null, passwordCleared: true };
  }
  return { token, errors: {}, formError: accountErrorText(t, res.error), done: null, passwordCleared: true };
}

// ---------------------------------------------------------------------------------------------
// E-mail verified

export type VerifiedState =
  | { ok: true; email: string; signedIn: boolean; already?: boolean }
  | { ok: false; error: string; code: string };

/** Consumes the link's token; a session of this browser is renewed so it carries the new state. */
export async function handleEmailVerified(Astro: AstroGlobal): Promise<VerifiedState> {
  const { t } = Astro.locals;
  const token = Astro.url.searchParams.get('token') ?? '';
  if (!token) return { ok: false, code: 'missing', error: t('account.verified.missingToken') };
  const res = await callApi<{ email: string }>(Astro, 'POST', '/auth/verify-email', { token });
  if (!res.data) {
    // A link opened again by its account, signed in and verified: nothing failed.
    const token = Astro.locals.accessToken;
    if (token) {
      const account = await callApi<{ email: string; verified: boolean }>(Astro, 'GET', '/auth/account', undefined, token);
      if (account.data?.verified) return { ok: true, email: account.data.email, signedIn: true, already: true };
    }
    Astro.response.status = res.status;
    return { ok: false, code: res.error?.code ?? 'unknown', error: accountErrorText(t, res.error) };
  }
  let signedIn = false;
  if (Astro.cookies.get(REFRESH_COOKIE)?.value) {
    const outcome = await refreshSession(await getApiFetch(), Astro.cookies, isSecureRequest(Astro.request));
    signedIn = outcome.ok && outcome.session.verified;
  }
  return { ok: true, email: res.data.email, signedIn };
}

// ---------------------------------------------------------------------------------------------
// Not activated

export interface NotActivatedState {
  /** The signed-in account's address, when there is a session. */
  accountEmail: string | null;
  email: string;
  error: string | null;
  message: string | null;
}

/**
 * Shows who is unverified and resends the verification mail (a POST with `email`, or for the
 * session's account). `?check=1` renews the session and moves on once the e-mail is verified.
 */
export async function handleNotActivated(Astro: AstroGlobal): Promise<NotActivatedState | Response> {
  const { t } = Astro.locals;
  const token = Astro.locals.accessToken;
  let accountEmail: string | null = null;
  if (token) {
    const account = await callApi<{ email: string; verified: boolean }>(Astro, 'GET', '/auth/account', undefined, token);
    accountEmail = account.data?.email ?? null;
    if (account.data?.verified) return Astro.redirect('/', 303);
  }
  if (Astro.request.method === 'GET' && Astro.url.searchParams.get('check') && Astro.cookies.get(REFRESH_COOKIE)?.value) {
    const outcome = await refreshSession(await getApiFetch(), Astro.cookies, isSecureRequest(Astro.request));
    if (outcome.ok && outcome.session.verified) return Astro.redirect('/', 303);
    return { accountEmail, email: accountEmail ?? '', error: t('account.notActivated.stillUnverified'), message: null };
  }
  const form = await readForm(Astro);
  if (!form) return { accountEmail, email: accountEmail ?? '', error: null, message: null };
  const email = accountEmail ?? text(form, 'email').trim().toLowerCase();
  const code = validateEmail(email);
  if (code) {
    Astro.response.status = 400;
    return { accountEmail, email, error: fieldMessage(t, code), message: null };
  }
  const res = await callApi<{ message: string }>(Astro, 'POST', '/auth/resend-verification', { email });
  if (res.data) return { accountEmail, email, error: null, message: res.data.message };
  Astro.response.status = res.status;
  // Spec 03 §8: a failed resend shows the server's message.
  return { accountEmail, email, error: res.error?.message || accountErrorText(t, res.error), message: null };
}

// ---------------------------------------------------------------------------------------------
// Social sign-in

/** The cookie holding a social identity waiting for the account's password (/link-socmed). */
const LINK_COOKIE = 'ewSocialLink';
const LINK_COOKIE_SECONDS = 10 * 60;

/** True when the login page should offer "Sign in with Google". */
export function socialLoginEnabled(): boolean {
  return oidcClientSettings() !== null;
}

function opensSession(Astro: AstroGlobal, pair: TokenPair): Response {
  setSessionCookies(Astro.cookies, pair, isSecureRequest(Astro.request));
  return Astro.redirect(pair.verified ? '/' : '/not-activated', 303);
}

/**
 * /auth-socmed: `?provider=google` starts the code flow (redirect to the provider); the provider's
 * answer (`?code&state` or `?error`) finishes it, hands the ID token to the API, and opens the
 * session, or sends an existing account's owner to /link-socmed. Returns an error text otherwise.
 */
export async function handleSocialCallback(Astro: AstroGlobal): Promise<Response | { error: string }> {
  const { t } = Astro.locals;
  const settings = oidcClientSettings();
  if (!settings) {
    Astro.response.status = 404;
    return { error: accountErrorText(t, { code: 'social_login_disabled' }) };
  }
  const secure = isSecureRequest(Astro.request);
  const params = Astro.url.searchParams;
  if (params.get('provider') === 'google' && !params.get('code') && !params.get('error')) {
    try {
      const begun = await beginSocialLogin(settings, redirectUriFor());
      Astro.cookies.set(OIDC_FLOW_COOKIE, begun.cookie, { httpOnly: true, sameSite: 'lax', secure, path: '/auth-socmed', maxAge: OIDC_FLOW_SECONDS });
      return Astro.redirect(begun.url, 302);
    } catch (error) {
      console.error('[oidc] starting the sign-in failed', error);
      Astro.response.status = 502;
      return { error: accountErrorText(t, { code: 'social_failed' }) };
    }
  }
  const flow = Astro.cookies.get(OIDC_FLOW_COOKIE)?.value;
  Astro.cookies.delete(OIDC_FLOW_COOKIE, { path: '/auth-socmed' });
  let idToken: string;
  try {
    ({ idToken } = await finishSocialLogin(settings, Astro.url, flow));
  } catch (error) {
    if (!(error instanceof SocialLoginError)) throw error;
    if (error.code === 'social_failed') console.error('[oidc] finishing the sign-in failed', error.cause ?? error);
    Astro.response.status = 400;
    return { error: accountErrorText(t, { code: error.code }) };
  }
  const res = await callApi<TokenPair & { link_required?: boolean; link_token?: string; email?: string }>(Astro, 'POST', '/auth/google/token', { id_token: idToken });
  if (res.status === 202 && res.data?.link_token) {
    const value = Buffer.from(JSON.stringify({ token: res.data.link_token, email: res.data.email })).toString('base64url');
    Astro.cookies.set(LINK_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/link-socmed', maxAge: LINK_COOKIE_SECONDS });
    return Astro.redirect('/link-socmed', 303);
  }
  if (res.data?.access_token) return opensSession(Astro, res.data);
  Astro.response.status = res.status;
  return { error: accountErrorText(t, res.error) };
}

export interface LinkState {
  email: string | null;
  error: string | null;
}

/** /link-socmed: asks the existing account's password, then links and signs in. */
export async function handleSocialLink(Astro: AstroGlobal): Promise<LinkState | Response> {
  const { t } = Astro.locals;
  let pending: { token: string; email: string } | null = null;
  try {
    const raw = Astro.cookies.get(LINK_COOKIE)?.value;
    pending = raw ? (JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { token: string; email: string }) : null;
  } catch {
    pending = null;
  }
  if (!pending?.token) return { email: null, error: null };
  const form = await readForm(Astro);
  if (!form) return { email: pending.email, error: null };
  if (form.get('cancel')) {
    Astro.cookies.delete(LINK_COOKIE, { path: '/link-socmed' });
    return Astro.redirect('/login', 303);
  }
  const password = text(form, 'password');
  if (!password) {
    Astro.response.status = 400;
    return { email: pending.email, error: fieldMessage(t, 'old_password_required') };
  }
  const res = await callApi<TokenPair>(Astro, 'POST', '/auth/google/link', { link_token: pending.token, password });
  if (res.data?.access_token) {
    Astro.cookies.delete(LINK_COOKIE, { path: '/link-socmed' });
    return opensSession(Astro, res.data);
  }
  Astro.response.status = res.status;
  if (res.error?.code === 'invalid_link_token' || res.error?.code === 'link_token_expired') Astro.cookies.delete(LINK_COOKIE, { path: '/link-socmed' });
  // Here only the password can be wrong: the e-mail is known.
  const error = res.error?.code === 'invalid_password' ? { code: 'link_wrong_password' } : res.error;
  return { email: pending.email, error: accountErrorText(t, error) };
}

// ---------------------------------------------------------------------------------------------
// Settings

/** The signed-in user's profile for the settings page, or null when it cannot be loaded. */
export async function loadAccountProfile(Astro: AstroGlobal): Promise<AccountProfile | null> {
  const token = Astro.locals.accessToken;
  if (!token) return null;
  const res = await callApi<AccountProfile>(Astro, 'GET', '/auth/profile', undefined, token);
  return res.data ?? null;
}
