import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ApiError, unauthorized } from '../http/errors.ts';
import type { AccountSettings } from './settings.ts';

/** What the API takes from a verified ID token. */
export interface SocialClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

interface Provider {
  issuer: string;
  jwks: JWTVerifyGetKey;
}

const providers = new Map<string, Promise<Provider>>();

/** The provider's discovery document and signing keys, fetched once per issuer. */
function discover(issuer: string): Promise<Provider> {
  let pending = providers.get(issuer);
  if (!pending) {
    pending = (async () => {
      const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`OpenID discovery of ${issuer} answered ${res.status}`);
      const meta = (await res.json()) as { issuer?: string; jwks_uri?: string };
      if (meta.issuer !== issuer || !meta.jwks_uri) throw new Error(`OpenID discovery of ${issuer} returned another issuer or no keys`);
      return { issuer, jwks: createRemoteJWKSet(new URL(meta.jwks_uri)) };
    })();
    providers.set(issuer, pending);
    // A failed discovery is tried again on the next sign-in.
    pending.catch(() => providers.delete(issuer));
  }
  return pending;
}

/**
 * Checks an ID token the web server got from the configured provider: signature by the issuer's
 * published keys, issuer, audience (our client id) and lifetime. The web server has checked the
 * nonce and PKCE of the code flow that produced it.
 * @throws ApiError 401 `invalid_id_token`
 */
export async function verifyIdToken(oidc: NonNullable<AccountSettings['oidc']>, idToken: string, now: Date): Promise<SocialClaims> {
  let payload;
  try {
    const provider = await discover(oidc.issuer);
    // Google also signs tokens with the bare host as issuer.
    const issuers = oidc.issuer === 'https://accounts.google.com' ? [oidc.issuer, 'accounts.google.com'] : [oidc.issuer];
    ({ payload } = await jwtVerify(idToken, provider.jwks, { issuer: issuers, audience: oidc.clientId, currentDate: now, clockTolerance: 60 }));
  } catch (cause) {
    throw new ApiError(401, 'invalid_id_token', 'The sign-in with the provider could not be checked.', { cause });
  }
  if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized('invalid_id_token', 'The ID token names no subject.');
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  const name = typeof payload.name === 'string' ? payload.name : null;
  return { subject: payload.sub, email, emailVerified: verified, name };
}
