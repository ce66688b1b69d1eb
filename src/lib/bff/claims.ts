/** The access-token claims the web server reads to route and render. */
export interface AccessClaims {
  sub: string;
  sid: string;
  org: string;
  role: number;
  verified: boolean;
  exp: number;
}

/**
 * Reads a JWT's payload without checking its signature. The web server uses it only to choose
 * what to render; every data call is authorised by the API, which does check it.
 */
export function decodeClaims(token: string | undefined): AccessClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof json.sub !== 'string' || typeof json.exp !== 'number') return null;
    return { sub: json.sub, sid: String(json.sid), org: String(json.org), role: Number(json.role), verified: json.verified === true, exp: json.exp };
  } catch {
    return null;
  }
}

/** True when the token expires within `skewSeconds` from `now`. */
export function isExpired(claims: AccessClaims, now = Date.now(), skewSeconds = 30): boolean {
  return claims.exp * 1000 <= now + skewSeconds * 1000;
}
