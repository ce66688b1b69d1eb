import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { ApiDeps } from '../deps.ts';
import type { FirstAdminInput, FirstAdminLink } from '../../src/lib/auth/first-admin-schema.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/tokens.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { emailTaken } from './repository.ts';
import * as repo from './first-admin.repository.ts';

/*
 * A database started without the demo data has no account at all. While the product's
 * organisation has no administrator, each start prints a one-time link (valid for a day) to a page
 * where whoever runs the server sets the first administrator's name, e-mail and password. The link
 * is used up in the transaction that creates the account, and once an administrator exists every
 * link is refused.
 */

/** The page the link opens. */
export const FIRST_ADMIN_PATH = '/first-admin';
/** How long a printed link works. */
export const FIRST_ADMIN_TOKEN_HOURS = 24;

/**
 * At start: the link to create the organisation's first administrator, or null when it has one.
 * Creates the organisation on a new database.
 */
export async function issueFirstAdminLink(db: Db, config: ServerConfig, now: Date, origin: string = publicOrigin()): Promise<string | null> {
  await repo.ensureOrganization(db, config.organizationId, config.appName);
  if (await repo.hasAdministrator(db, config.organizationId)) return null;
  const token = randomBytes(32).toString('base64url');
  await repo.insertFirstAdminToken(db, hashToken(token), config.organizationId, new Date(now.getTime() + FIRST_ADMIN_TOKEN_HOURS * 3600_000));
  return `${origin}${FIRST_ADMIN_PATH}?token=${token}`;
}

const invalidLink = () => notFound('invalid_token', 'This link does not work (it was used, has expired or was never made).');
const adminExists = () => conflict('administrator_exists', 'The organisation already has an administrator.');

/** The organisation of a live token; refused when the token does not work or an administrator exists. */
async function liveTokenOrganization(db: Db, hash: string, now: Date): Promise<string> {
  const organizationId = await repo.findFirstAdminToken(db, hash, now);
  if (!organizationId) throw invalidLink();
  if (await repo.hasAdministrator(db, organizationId)) throw adminExists();
  return organizationId;
}

/** GET auth/first-admin: the organisation the link is for, when it still works. */
export async function firstAdminLink(deps: ApiDeps, token: string): Promise<FirstAdminLink> {
  const organizationId = await liveTokenOrganization(deps.db, hashToken(token), deps.now());
  return { organization_name: (await repo.organizationName(deps.db, organizationId)) ?? deps.config.appName };
}

/**
 * POST auth/first-admin: creates the verified administrator and uses the link up, in one
 * transaction that holds the organisation's row, so two links used at once make one administrator.
 */
export async function createFirstAdmin(deps: ApiDeps, input: FirstAdminInput): Promise<{ email: string }> {
  const hash = hashToken(input.token);
  // Cheap checks first: a bogus link costs no password hash.
  const organizationId = await liveTokenOrganization(deps.db, hash, deps.now());
  const emailInUse = () => new ApiError(409, 'email_taken', 'This e-mail is already registered.', { field: 'email' });
  if (await emailTaken(deps.db, input.email)) throw emailInUse();
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashCost);
  try {
    return await deps.db.transaction(async (tx) => {
      await repo.lockOrganization(tx, organizationId);
      if (await repo.hasAdministrator(tx, organizationId)) throw adminExists();
      if ((await repo.findFirstAdminToken(tx, hash, deps.now())) !== organizationId) throw invalidLink();
      const user = await repo.insertAdministrator(tx, { organizationId, email: input.email, name: input.name, passwordHash });
      await repo.deleteFirstAdminTokens(tx, organizationId);
      return { email: user.email };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailInUse();
    throw error;
  }
}
