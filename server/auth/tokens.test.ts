import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { createTokenSigner, verifyHs256, TokenError } from './tokens.ts';

const secret = new TextEncoder().encode('a-secret-of-thirty-two-bytes-!!!');
const claims = { sub: '0b6f7d3e-1111-4a4a-9c9c-222233334444', sid: '5e5e5e5e-aaaa-4bbb-8ccc-dddddddddddd', org: 'org-1', role: 2, verified: true };
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed with HMAC of the given hash (or unsigned). */
function forge(header: Record<string, unknown>, payload: Record<string, unknown>, hash: 'sha256' | 'sha512' | null = 'sha256', key = secret): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = hash ? createHmac(hash, key).update(input).digest('base64url') : '';
  return `${input}.${signature}`;
}

const payload = { ...claims, iss: 'epustaka', iat: now, exp: now + 60 };

function code(token: string): string | null {
  try {
    verifyHs256(token, secret, now);
    return null;
  } catch (error) {
    return error instanceof TokenError ? error.code : 'other';
  }
}

describe('access tokens', () => {
  test('a token the signer made verifies to its claims, and jose agrees', async () => {
    const { token } = await createTokenSigner(secret).sign(claims);
    expect(await createTokenSigner(secret).verify(token)).toEqual(claims);
    expect((await jwtVerify(token, secret, { issuer: 'epustaka', algorithms: ['HS256'] })).payload.sid).toBe(claims.sid);
  });

  test('a token jose signs with HS256 verifies', async () => {
    const token = await new SignJWT({ sid: claims.sid, org: 'o', role: 1, verified: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('epustaka')
      .setExpirationTime(now + 30)
      .sign(secret);
    expect(verifyHs256(token, secret, now)).toEqual({ sub: claims.sub, sid: claims.sid, org: 'o', role: 1, verified: false });
  });

  test('forged, altered and foreign tokens are invalid_token', () => {
    expect(code(forge({ alg: 'HS256', typ: 'JWT' }, payload))).toBeNull();
    expect(code(forge({ alg: 'none' }, payload, null))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS512' }, payload, 'sha512'))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256', crit: ['b64'] }, payload))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, payload, 'sha256', new TextEncoder().encode('another secret')))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, iss: 'elsewhere' }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, exp: undefined }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, nbf: now + 60 }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, sid: undefined }))).toBe('invalid_token');
    const good = forge({ alg: 'HS256' }, payload);
    const [h, p, s] = good.split('.');
    const altered = b64({ ...payload, sub: 'someone-else' });
    expect(code(`${h}.${altered}.${s}`)).toBe('invalid_token');
    expect(code(`${h}.${p}.${s!.slice(0, -2)}`)).toBe('invalid_token');
    expect(code(`${h}.${p}`)).toBe('invalid_token');
    expect(code(`${h}.${p}.${s}.x`)).toBe('invalid_token');
    expect(code(`${h}.${p}+.${s}`)).toBe('invalid_token');
    expect(code('not a token')).toBe('invalid_token');
  });

  test('a token at or past its expiry is token_expired', () => {
    expect(code(forge({ alg: 'HS256' }, { ...payload, exp: now }))).toBe('token_expired');
    expect(code(forge({ alg: 'HS256' }, { ...payload, exp: now - 1 }))).toBe('token_expired');
    expect(code(forge({ alg: 'HS256' }, { ...payload, exp: now + 1 }))).toBeNull();
  });
});
