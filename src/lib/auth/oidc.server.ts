import * as client from 'openid-client';
import { publicOrigin } from '../../../server/web-entry.ts';

/*
 * Social sign-in with OpenID Connect, done by the web server: the authorization code flow with
 * PKCE (S256), state and nonce. The flow's secrets wait in a short-lived HttpOnly cookie between
 * the redirect to the provider and its answer at /auth-socmed; the ID token obtained is then handed
 * to the API (POST auth/google/token), which checks it again against the provider's keys.
 */

/** The configured provider: Google unless OIDC_ISSUER names another. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The cookie holding one flow's state, nonce and PKCE verifier. */
export const OIDC_FLOW_COOKIE = 'ewOidcFlow';
/** How long a started sign-in may take at the provider. */
export const OIDC_FLOW_SECONDS = 10 * 60;

/** The provider settings from the environment, or null when social sign-in is not configured. */
export function oidcClientSettings(env: NodeJS.ProcessEnv = process.env): OidcClientSettings | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return { issuer: env.OIDC_ISSUER || 'https://accounts.google.com', clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
}

/** The redirect URI registered at the provider: on the public origin (PUBLIC_URL), never the request's Host. */
export function redirectUriFor(env: NodeJS.ProcessEnv = process.env): string {
  return `${publicOrigin(env)}/auth-socmed`;
}

const configurations = new Map<string, Promise<client.Configuration>>();

function isLoopback(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
}

/** The provider's discovered configuration, fetched once per issuer and client. */
function configuration(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let pending = configurations.get(key);
  if (!pending) {
    // Plain HTTP only for a provider on this machine (development and tests).
    const execute = isLoopback(settings.issuer) ? [client.allowInsecureRequests] : [];
    pending = client.discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretPost(settings.clientSecret), { execute });
    configurations.set(key, pending);
    pending.catch(() => configurations.delete(key));
  }
  return pending;
}

interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

function encodeFlow(flow: FlowState): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

function decodeFlow(value: string | undefined): FlowState | null {
  if (!value) return null;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<FlowState>;
    if (typeof flow.state !== 'string' || typeof flow.nonce !== 'string' || typeof flow.verifier !== 'string' || typeof flow.redirectUri !== 'string') return null;
    return flow as FlowState;
  } catch {
    return null;
  }
}

/** Starts a sign-in: where to send the browser, and the cookie value that remembers the flow. */
export async function beginSocialLogin(settings: OidcClientSettings, redirectUri: string): Promise<{ url: string; cookie: string }> {
  const config = await configuration(settings);
  const verifier = client.randomPKCECodeVerifier();
  const flow: FlowState = { state: client.randomState(), nonce: client.randomNonce(), verifier, redirectUri };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, cookie: encodeFlow(flow) };
}

/** Why a sign-in could not be finished, as a code the page translates. */
export class SocialLoginError extends Error {
  readonly code: 'social_flow_missing' | 'social_denied' | 'social_failed';
  constructor(code: SocialLoginError['code'], message: string, cause?: unknown) {
    super(message, { cause });
    this.code = code;
  }
}

/**
 * Finishes a sign-in at the callback: checks state, exchanges the code with the PKCE verifier and
 * checks the ID token's signature, issuer, audience and nonce.
 * @returns the ID token, for the API.
 * @throws SocialLoginError
 */
export async function finishSocialLogin(settings: OidcClientSettings, callbackUrl: URL, cookie: string | undefined): Promise<{ idToken: string }> {
  const flow = decodeFlow(cookie);
  if (!flow) throw new SocialLoginError('social_flow_missing', 'The sign-in was not started here or took too long.');
  if (callbackUrl.searchParams.get('error')) {
    throw new SocialLoginError('social_denied', `The provider answered ${callbackUrl.searchParams.get('error')}.`);
  }
  // The provider answered at our registered redirect URI; compare the rest with that one.
  const current = new URL(flow.redirectUri);
  current.search = callbackUrl.search;
  try {
    const config = await configuration(settings);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    if (!tokens.id_token) throw new Error('The provider returned no ID token.');
    return { idToken: tokens.id_token };
  } catch (cause) {
    throw new SocialLoginError('social_failed', 'The sign-in with the provider failed.', cause);
  }
}
