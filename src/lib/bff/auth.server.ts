import type { AstroCookies } from 'astro';
import type { SessionInfo, TokenPair } from '../auth/schema.ts';
import type { ApiErrorBody } from '../contract/common.ts';
import { loadConfig } from '../../../server/web-entry.ts';
import { INTERNAL_ORIGIN, type ApiFetch } from './api-fetch.server.ts';
import { ACCESS_COOKIE, clearSessionCookies, renewableSession, setSessionCookies } from './cookies.server.ts';
import { DEVICE_HEADER, deviceToken, keepDeviceToken } from './device.server.ts';
import { clip } from '../contract/shorten.ts';

/** The outcome of a call that may open or renew a session. */
export type AuthOutcome = { ok: true; session: SessionInfo; accessToken: string } | { ok: false; status: number; body: ApiErrorBody };

const config = loadConfig();

/**
 * Signs in through the API and keeps the tokens in cookies. An account of another organisation is
 * refused (and its fresh session ended) unless multi-organisation mode is on.
 */
export async function signIn(
  apiFetch: ApiFetch,
  cookies: AstroCookies,
  input: { email?: unknown; password?: unknown; organization_id?: unknown },
  meta: { userAgent: string | null; secure: boolean; clientIp?: string | null },
): Promise<AuthOutcome> {
  const body = {
    email: typeof input.email === 'string' ? input.email.trim().toLowerCase() : input.email,
    password: input.password,
    ...(input.organization_id ? { organization_id: input.organization_id } : {}),
  };
  // The API limits failed sign-ins per client address as well as per e-mail.
  const forwarded: Record<string, string> = meta.clientIp ? { 'x-forwarded-for': meta.clientIp } : {};
  // A browser that signed in to this account before is let past the limits strangers run up.
  const device = deviceToken(cookies);
  if (device) forwarded[DEVICE_HEADER] = device;
  const res = await callApi(apiFetch, 'POST', '/auth/login', body, { 'user-agent': meta.userAgent ?? '', ...forwarded });
  if (res.status !== 200) return { ok: false, status: res.status, body: res.body as ApiErrorBody };
  keepDeviceToken(cookies, res.headers.get(DEVICE_HEADER), meta.secure);
  const pair = (res.body as { data: TokenPair }).data;
  if (!config.multiOrganization && pair.organization_id !== config.organizationId) {
    await callApi(apiFetch, 'POST', '/auth/logout', {}, { authorization: `Bearer ${pair.access_token}` });
    return {
      ok: false,
      status: 403,
      body: { errors: [{ code: 'organization_mismatch', message: `Your account is not registered in ${config.appName}.` }] },
    };
  }
  setSessionCookies(cookies, pair, meta.secure);
  return { ok: true, session: toSessionInfo(pair), accessToken: pair.access_token };
}

// Requests of one browser that arrive together carry the same refresh cookie: they share one call.
const inflight = new Map<string, Promise<{ status: number; body: unknown; headers: Headers }>>();

/**
 * Renews the session from the refresh cookie; clears the cookies when the API refuses, or when the
 * request does not carry the whole session (renewableSession): a cleared session stays cleared.
 */
export async function refreshSession(apiFetch: ApiFetch, cookies: AstroCookies, secure: boolean): Promise<AuthOutcome> {
  const token = renewableSession(cookies);
  if (!token) {
    clearSessionCookies(cookies);
    return { ok: false, status: 401, body: { errors: [{ code: 'invalid_refresh_token', message: 'There is no session to renew.' }] } };
  }
  let pending = inflight.get(token);
  if (!pending) {
    pending = callApi(apiFetch, 'POST', '/auth/refresh-token', { refresh_token: token });
    inflight.set(token, pending);
    // Kept briefly after settling so late arrivals with the old cookie reuse the answer.
    void pending.finally(() => setTimeout(() => inflight.delete(token), 5_000).unref?.());
  }
  const res = await pending;
  if (res.status !== 200) {
    clearSessionCookies(cookies);
    return { ok: false, status: res.status, body: res.body as ApiErrorBody };
  }
  const pair = (res.body as { data: TokenPair }).data;
  setSessionCookies(cookies, pair, secure);
  return { ok: true, session: toSessionInfo(pair), accessToken: pair.access_token };
}

/** Ends the session at the API (when there is one) and always clears the cookies. */
export async function signOut(apiFetch: ApiFetch, cookies: AstroCookies): Promise<void> {
  const access = cookies.get(ACCESS_COOKIE)?.value;
  if (access) {
    await callApi(apiFetch, 'POST', '/auth/logout', {}, { authorization: `Bearer ${access}` }).catch(() => undefined);
  }
  clearSessionCookies(cookies);
}

function toSessionInfo(pair: TokenPair): SessionInfo {
  return { expired_at: pair.expired_at, organization_id: pair.organization_id, verified: pair.verified, role: pair.role };
}

async function callApi(apiFetch: ApiFetch, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await apiFetch(
    new Request(INTERNAL_ORIGIN + path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { errors: [{ code: `http_${res.status}`, message: clip(text, 200) }] };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
