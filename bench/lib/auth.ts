import { createTokenSigner } from '../../server/auth/tokens.ts';
import type { ScaleManifest } from '../../server/seed/scale.ts';

/**
 * Access tokens for the seeded bench users, signed with the server's secret (the data directory's,
 * or JWT_SECRET on PostgreSQL), the same way the API signs them at login (the seed opened a session
 * for each user). No scrypt per user.
 */
export async function benchTokens(secret: Uint8Array, manifest: ScaleManifest, count = manifest.benchUsers.length): Promise<string[]> {
  return signTokens(secret, manifest.organizationId, manifest.benchUsers.slice(0, count));
}

/** Access tokens for users whose sessions the bench wrote into the database, as the API signs them at login. */
export async function signTokens(secret: Uint8Array, organizationId: string, users: { id: string; sessionId: string }[]): Promise<string[]> {
  const signer = createTokenSigner(secret);
  const tokens: string[] = [];
  for (const user of users) {
    const { token } = await signer.sign({ sub: user.id, sid: user.sessionId, org: organizationId, role: 303, verified: true });
    tokens.push(token);
  }
  return tokens;
}

// The session and language cookies the web server reads.
export { ACCESS_COOKIE } from '../../src/lib/contract/cookies.ts';
export { LANG_COOKIE } from '../../src/lib/contract/lang.ts';
