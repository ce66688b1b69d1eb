import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { beginSocialLogin, finishSocialLogin, SocialLoginError, type OidcClientSettings } from '../../src/lib/auth/oidc.server.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from './settings.ts';

/*
 * Social sign-in against a real OpenID provider (the `oidc-provider` package) on a loopback port:
 * the web server's code flow (PKCE, state, nonce) gets an ID token, and the API signs in with it.
 * The provider's login and consent screens are answered by code: the test picks who signs in.
 */

const REDIRECT = 'http://app.test/auth-socmed';
const people: Record<string, { email: string; name: string; email_verified: boolean }> = {};
let signInAs = '';

let ctx: TestContext;
let server: Server;
let settings: OidcClientSettings;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings = { issuer, clientId: 'epustaka-web', clientSecret: 'a-test-client-secret-of-enough-length' };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey as any] },
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries the e-mail and name.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...people[id] }) };
    },
  });
  const handle = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: signInAs } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { oidc: { issuer, clientId: settings.clientId, provider: 'google' }, log: () => {} });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Follows the browser's redirects through the provider (keeping its cookies) back to our redirect URI. */
async function signInAtProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(REDIRECT)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects');
}

async function idTokenFor(person: string): Promise<string> {
  signInAs = person;
  const begun = await beginSocialLogin(settings, REDIRECT);
  const authorize = new URL(begun.url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const callback = await signInAtProvider(begun.url);
  expect(callback.searchParams.get('error_description') ?? callback.searchParams.get('code')).toBeTruthy();
  expect(callback.searchParams.get('error'), callback.href).toBeNull();
  return (await finishSocialLogin(settings, callback, begun.cookie)).idToken;
}

const signInWith = (id_token: string) => ctx.request('POST', '/auth/google/token', { body: { id_token } });

describe('social sign-in with OpenID Connect', () => {
  test('a new e-mail creates a verified account and signs in; the next sign-in finds the same account', async () => {
    people['google-1001'] = { email: 'Baru.Sosial@Example.id', name: 'Rahmat Hidayat', email_verified: true };
    const first = await signInWith(await idTokenFor('google-1001'));
    expect(first.status).toBe(200);
    expect(first.body.data.verified).toBe(true);
    const account = await ctx.request('GET', '/auth/profile', { token: first.body.data.access_token });
    expect(account.body.data).toMatchObject({ email: 'baru.sosial@example.id', name: 'Rahmat Hidayat', verified: true, has_password: false });

    const second = await signInWith(await idTokenFor('google-1001'));
    expect(second.status).toBe(200);
    const again = await ctx.request('GET', '/auth/profile', { token: second.body.data.access_token });
    expect(again.body.data.id).toBe(account.body.data.id);
  });

  test("a provider's name longer than a name may be is cut between graphemes", async () => {
    const name = `Rahmat ${'👨‍👩‍👧‍👦'.repeat(20)}`;
    people['google-1002'] = { email: 'nama.panjang@example.id', name, email_verified: true };
    const res = await signInWith(await idTokenFor('google-1002'));
    expect(res.status).toBe(200);
    const account = await ctx.request('GET', '/auth/profile', { token: res.body.data.access_token });
    // 100 UTF-16 units hold "Rahmat " and 8 whole families (11 units each).
    expect(account.body.data.name).toBe(`Rahmat ${'👨‍👩‍👧‍👦'.repeat(8)}`);
  });

  test('an e-mail of an existing account is linked only after its password is given', async () => {
    const user = await ctx.createUser({ email: 'lama@example.id', verified: false });
    people['google-2002'] = { email: 'lama@example.id', name: 'Akun Lama', email_verified: true };
    const res = await signInWith(await idTokenFor('google-2002'));
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ link_required: true, email: 'lama@example.id' });
    expect(res.body.data.access_token).toBeUndefined();
    const link_token = res.body.data.link_token;

    const wrong = await ctx.request('POST', '/auth/google/link', { body: { link_token, password: 'bukan-sandinya' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('invalid_password');

    const linked = await ctx.request('POST', '/auth/google/link', { body: { link_token, password: user.password } });
    expect(linked.status).toBe(200);
    // The provider vouched for the address and its owner gave the password: the account is verified.
    expect(linked.body.data.verified).toBe(true);
    const reuse = await ctx.request('POST', '/auth/google/link', { body: { link_token, password: user.password } });
    expect(reuse.body.errors[0].code).toBe('invalid_link_token');

    const later = await signInWith(await idTokenFor('google-2002'));
    expect(later.status).toBe(200);
    const profile = await ctx.request('GET', '/auth/profile', { token: later.body.data.access_token });
    expect(profile.body.data.id).toBe(user.id);
  });

  test('an e-mail the provider has not verified is refused', async () => {
    people['google-3003'] = { email: 'belum.verif@example.id', name: 'Belum Verif', email_verified: false };
    const res = await signInWith(await idTokenFor('google-3003'));
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('social_email_unverified');
  });

  test('a callback whose state does not match the started flow fails', async () => {
    people['google-4004'] = { email: 'state@example.id', name: 'Uji State', email_verified: true };
    signInAs = 'google-4004';
    const first = await beginSocialLogin(settings, REDIRECT);
    const other = await beginSocialLogin(settings, REDIRECT);
    const callback = await signInAtProvider(first.url);
    await expect(finishSocialLogin(settings, callback, other.cookie)).rejects.toBeInstanceOf(SocialLoginError);
    await expect(finishSocialLogin(settings, callback, undefined)).rejects.toMatchObject({ code: 'social_flow_missing' });
  });

  test('an ID token not signed by the provider is refused', async () => {
    const token = await idTokenFor('google-1001');
    const [header, payload] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = 'google-2002';
    const res = await signInWith(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('invalid_id_token');
  });

  test('without a configured provider social sign-in is off', async () => {
    const other = await createTestContext();
    try {
      overrideAccountSettings(other.deps, { oidc: null });
      const res = await other.request('POST', '/auth/google/token', { body: { id_token: 'x'.repeat(40) } });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('social_login_disabled');
    } finally {
      await other.close();
    }
  });
});
