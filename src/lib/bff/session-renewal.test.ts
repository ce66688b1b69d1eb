import type { AstroCookies } from 'astro';
import { describe, expect, test } from 'vitest';
import { refreshSession } from './auth.server.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies.server.ts';

/** The cookies of one request, and what the answer sets or deletes. */
function jar(sent: Record<string, string>) {
  const written = new Map<string, { value: string | null; maxAge?: number }>();
  const cookies = {
    get: (name: string) => (sent[name] === undefined ? undefined : { value: sent[name] }),
    set: (name: string, value: string, options: { maxAge?: number } = {}) => written.set(name, { value, maxAge: options.maxAge }),
    delete: (name: string) => written.set(name, { value: null }),
  } as unknown as AstroCookies;
  return { cookies, written };
}

const token = (exp: number) => `x.${Buffer.from(JSON.stringify({ sub: 'u1', org: 'o1', role: 303, verified: true, exp })).toString('base64url')}.y`;
const pair = { access_token: token(Math.floor(Date.now() / 1000) + 900), refresh_token: 'new-refresh', expired_at: '', organization_id: 'o1', verified: true, role: 303 };

/** An API whose refresh always succeeds, counting its calls. */
function api() {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    calls.push(new URL(request.url).pathname);
    return Response.json({ data: pair });
  };
  return { fetch, calls };
}

describe('refreshSession', () => {
  test('renews a whole session (both cookies sent) and keeps both cookies equally long', async () => {
    const { cookies, written } = jar({ [ACCESS_COOKIE]: token(1), [REFRESH_COOKIE]: 'whole-session' });
    const upstream = api();
    const outcome = await refreshSession(upstream.fetch, cookies, false);
    expect(outcome.ok).toBe(true);
    expect(upstream.calls).toEqual(['/auth/refresh-token']);
    expect(written.get(ACCESS_COOKIE)).toEqual({ value: pair.access_token, maxAge: written.get(REFRESH_COOKIE)!.maxAge });
    expect(written.get(REFRESH_COOKIE)!.value).toBe('new-refresh');
  });

  test('never sets the cookies again for a session the browser cleared: a refresh cookie alone is ended, not renewed', async () => {
    const { cookies, written } = jar({ [REFRESH_COOKIE]: 'half-cleared' });
    const upstream = api();
    const outcome = await refreshSession(upstream.fetch, cookies, false);
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    expect(upstream.calls).toEqual([]);
    expect(written.get(ACCESS_COOKIE)).toEqual({ value: null });
    expect(written.get(REFRESH_COOKIE)).toEqual({ value: null });
  });

  test('with no session cookie at all nothing is renewed', async () => {
    const { cookies, written } = jar({});
    const upstream = api();
    expect((await refreshSession(upstream.fetch, cookies, false)).ok).toBe(false);
    expect(upstream.calls).toEqual([]);
    expect([...written.values()].every((cookie) => cookie.value === null)).toBe(true);
  });
});
