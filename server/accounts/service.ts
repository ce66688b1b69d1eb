import { randomBytes } from 'node:crypto';
import type { TokenPair } from '../../src/lib/auth/schema.ts';
import type { AccountProfile, MessageResult } from '../../src/lib/account/schema.ts';
import { phoneDigits } from '../../src/lib/account/rules.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import * as authRepo from '../auth/repository.ts';
import type { UserRow } from '../auth/repository.ts';
import { issueTokens } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Caller } from '../http/auth-guard.ts';
import type { ApiDeps } from '../deps.ts';
import { sendMail } from './mailer.ts';
import { message, resetMail, verificationMail, type MailLang } from './messages.ts';
import { verifyIdToken } from './oidc.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './rate-limit.ts';
import * as repo from './repository.ts';
import { accountSettings } from './settings.ts';
import { clip } from '../../src/lib/contract/shorten.ts';
import { attachObject, claimObject, deleteAttachedObjects } from '../storage/objects.repository.ts';
import { deleteObjectBytes } from '../storage/uploads.ts';

/** Links in mails last this long: verification a day, reset an hour. */
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;
/** A social identity waits this long for the password of the account it is linked to. */
export const LINK_TICKET_SECONDS = 10 * 60;
/** At most this many mails of one kind to one account per hour; more are dropped silently. */
export const MAILS_PER_HOUR = 5;

/** Who is asking: the language for texts and mails, and the client for rate limits and sessions. */
export interface RequestMeta {
  lang: MailLang;
  ip: string | null;
  userAgent: string | null;
}

const newToken = () => randomBytes(32).toString('base64url');

// ---------------------------------------------------------------------------------------------
// Registration and verification

/** POST auth/register: a new, unverified student account; the verification mail goes out. */
export async function register(
  deps: ApiDeps,
  input: { email: string; password: string; name: string; phone: string | null; address: string | null; district_id: string; organization_id?: string | null },
  meta: RequestMeta,
): Promise<MessageResult & { email: string }> {
  const { config } = deps;
  const organizationId = input.organization_id ?? config.organizationId;
  if (organizationId !== config.organizationId) {
    if (!config.multiOrganization || !(await repo.organizationExists(deps.db, organizationId))) {
      throw badRequest('invalid_organization', 'Accounts can be registered only in this organisation.', 'organization_id');
    }
  }
  if (!(await repo.findDistrict(deps.db, input.district_id))) throw badRequest('invalid_district', 'No such district.', 'district_id');
  if (await repo.emailTaken(deps.db, input.email)) throw new ApiError(409, 'email_taken', 'This e-mail is already registered.', { field: 'email' });
  if (input.phone && (await repo.phoneTaken(deps.db, phoneDigits(input.phone)))) {
    throw new ApiError(409, 'phone_taken', 'This phone number is already used by another account.', { field: 'phone' });
  }
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashCost);
  let user: UserRow;
  try {
    user = await repo.insertUser(deps.db, {
      organizationId,
      email: input.email,
      passwordHash,
      name: input.name,
      phone: input.phone,
      address: input.address,
      districtId: input.district_id,
      verified: false,
    });
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'email_taken', 'This e-mail is already registered.', { field: 'email' });
    throw error;
  }
  await sendVerification(deps, user, meta.lang);
  return { message: message('registered', meta.lang), email: user.email };
}

async function sendVerification(deps: ApiDeps, user: UserRow, lang: MailLang): Promise<void> {
  const settings = accountSettings(deps);
  const token = newToken();
  await repo.insertAccountToken(deps.db, hashToken(token), user.id, 'verify_email', new Date(deps.now().getTime() + VERIFY_TOKEN_SECONDS * 1000));
  const link = `${settings.publicUrl}/email-verified?token=${token}`;
  const mail = verificationMail(lang, deps.config.appName, user.name, link);
  await sendMail(deps.db, settings, { to: user.email, kind: 'verify_email', links: [link], ...mail });
}

/** Decides whether one more mail of a kind may go to the user this hour. */
async function mayMail(deps: ApiDeps, userId: string, purpose: repo.TokenPurpose): Promise<boolean> {
  const recent = await repo.recentTokens(deps.db, userId, purpose, new Date(deps.now().getTime() - 3600_000));
  return recent.count < MAILS_PER_HOUR;
}

/**
 * POST auth/resend-verification. Answers alike whether or not the address belongs to an
 * unverified account, so it tells nobody which addresses are registered.
 */
export async function resendVerification(deps: ApiDeps, email: string, meta: RequestMeta): Promise<MessageResult> {
  const user = await authRepo.findUserByEmail(deps.db, email);
  if (user && !user.verified_at && !user.deactivated_at && (await mayMail(deps, user.id, 'verify_email'))) {
    await sendVerification(deps, user, meta.lang);
  }
  return { message: message('verificationSent', meta.lang) };
}

/** A token row that can still be used, or the coded 400 for an unknown, used or expired one. */
function usableToken(row: repo.AccountTokenRow | undefined, deps: ApiDeps, purpose: repo.TokenPurpose): repo.AccountTokenRow {
  const kind = purpose === 'verify_email' ? 'verification' : 'reset';
  if (!row) throw badRequest(`invalid_${kind}_token`, 'This link is not valid.', 'token');
  if (row.used_at) throw badRequest(`${kind}_token_used`, 'This link has already been used.', 'token');
  if (new Date(row.expires_at) <= deps.now()) throw badRequest(`${kind}_token_expired`, 'This link has expired.', 'token');
  return row;
}

/** Consumes a one-time token: the row, or a coded 400 for an unknown, used or expired one. */
async function consumeToken(tx: Parameters<typeof repo.lockAccountToken>[0], deps: ApiDeps, token: string, purpose: repo.TokenPurpose) {
  const row = usableToken(await repo.lockAccountToken(tx, hashToken(token), purpose), deps, purpose);
  await repo.useAccountTokens(tx, row.user_id, purpose, deps.now());
  return row;
}

/** POST auth/verify-email: the verification link's token marks the e-mail verified, once. */
export async function verifyEmail(deps: ApiDeps, token: string, meta: RequestMeta): Promise<MessageResult & { email: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, deps, token, 'verify_email');
    await repo.markVerified(tx, row.user_id);
    const user = await authRepo.findUserById(tx, row.user_id);
    return { message: message('emailVerified', meta.lang), email: user!.email };
  });
}

// ---------------------------------------------------------------------------------------------
// Forgotten password

/** POST auth/reset-password-ticket: the same answer whether or not the e-mail is registered. */
export async function requestPasswordReset(deps: ApiDeps, email: string, meta: RequestMeta): Promise<MessageResult> {
  const user = await authRepo.findUserByEmail(deps.db, email);
  if (user && !user.deactivated_at && (await mayMail(deps, user.id, 'reset_password'))) {
    const settings = accountSettings(deps);
    const token = newToken();
    await repo.insertAccountToken(deps.db, hashToken(token), user.id, 'reset_password', new Date(deps.now().getTime() + RESET_TOKEN_SECONDS * 1000));
    const link = `${settings.publicUrl}/auth/reset-password?token=${token}`;
    await sendMail(deps.db, settings, { to: user.email, kind: 'reset_password', links: [link], ...resetMail(meta.lang, deps.config.appName, user.name, link) });
  }
  return { message: message('resetTicketSent', meta.lang) };
}

/**
 * POST auth/reset-password: sets the new password, ends every session of the account, and (the
 * mail having reached its owner) marks the e-mail verified.
 */
export async function resetPassword(deps: ApiDeps, token: string, password: string, meta: RequestMeta): Promise<MessageResult> {
  // The cheap check first: a bogus or spent link never costs a password hash.
  usableToken(await repo.findAccountToken(deps.db, hashToken(token), 'reset_password'), deps, 'reset_password');
  const hash = await hashPassword(password, deps.config.passwordHashCost);
  const email = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, deps, token, 'reset_password');
    await repo.setPasswordHash(tx, row.user_id, hash);
    await repo.markVerified(tx, row.user_id);
    await authRepo.revokeUserSessions(tx, row.user_id, 'password_reset');
    return (await authRepo.findUserById(tx, row.user_id))!.email;
  });
  await clearLoginFailures(deps, email.toLowerCase());
  return { message: message('passwordReset', meta.lang) };
}

// ---------------------------------------------------------------------------------------------
// Profile and password of the signed-in user

export async function profileOf(deps: ApiDeps, userId: string): Promise<AccountProfile> {
  const profile = await repo.findProfile(deps.db, userId);
  if (!profile) throw notFound('not_found', 'No such account.');
  return profile;
}

/** PUT auth/account scope profile. */
export async function updateProfile(
  deps: ApiDeps,
  caller: Caller,
  data: { name?: string; phone?: string | null; district_id?: string; address?: string | null; bio?: string | null; gender?: string | null; avatar_file_id?: string },
): Promise<AccountProfile> {
  const { user } = caller;
  if (data.district_id !== undefined && !(await repo.findDistrict(deps.db, data.district_id))) {
    throw badRequest('invalid_district', 'No such district.', 'district_id');
  }
  if (data.phone && (await repo.phoneTaken(deps.db, phoneDigits(data.phone), user.id))) {
    throw new ApiError(409, 'phone_taken', 'This phone number is already used by another account.', { field: 'phone' });
  }
  const { avatar_file_id: avatarId, ...fields } = data;
  const replaced = await deps.db.transaction(async (tx) => {
    // Updating the user's row first makes two avatar changes of one user wait for each other.
    await repo.updateProfile(tx, user.id, { ...fields, avatar_url: avatarId ? `/storage/object/${avatarId}` : undefined });
    if (!avatarId) return [];
    // The picture must be the caller's own upload under images/avatars, attached to nothing else; it becomes their avatar.
    const avatar = { kind: 'AVATAR' as const, id: user.id };
    if (!(await claimObject(tx, { id: avatarId, ownerId: user.id, pathPrefix: 'images/avatars/' }, avatar))) {
      throw badRequest('invalid_avatar_file_id', 'Upload the picture first.', 'avatar_file_id');
    }
    await attachObject(tx, avatarId, avatar);
    // The picture it replaces goes, and no longer counts against the quota.
    return deleteAttachedObjects(tx, avatar.kind, avatar.id, avatarId);
  });
  await deleteObjectBytes(deps.store, replaced);
  return profileOf(deps, user.id);
}

/** Checks the caller's password under the sign-in limits; a wrong one counts as a failure. */
async function checkOwnPassword(deps: ApiDeps, user: UserRow, password: string, ip: string | null): Promise<boolean> {
  const email = user.email.toLowerCase();
  await assertLoginAllowed(deps, email, ip);
  const ok = await verifyPassword(password, user.password_hash, deps.config.passwordHashCost);
  if (!ok) await recordLoginFailure(deps, email, ip);
  return ok;
}

/**
 * PUT auth/account scope password: the old password must match ('Wrong old password'); then the
 * new one is set and every session of the account ends, this one included.
 */
export async function changePassword(deps: ApiDeps, caller: Caller, oldPassword: string, newPassword: string, meta: RequestMeta): Promise<MessageResult> {
  if (!(await checkOwnPassword(deps, caller.user, oldPassword, meta.ip))) {
    throw badRequest('wrong_old_password', 'Wrong old password', 'old_password');
  }
  const hash = await hashPassword(newPassword, deps.config.passwordHashCost);
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, caller.user.id, hash);
    await repo.useAccountTokens(tx, caller.user.id, 'reset_password', deps.now());
    await authRepo.revokeUserSessions(tx, caller.user.id, 'password_changed');
  });
  return { message: message('passwordChanged', meta.lang) };
}

/** POST webhook/check-account: whether the password is the caller's (under the sign-in limits). */
export async function checkAccount(deps: ApiDeps, caller: Caller, password: string, meta: RequestMeta): Promise<{ valid: boolean }> {
  return { valid: await checkOwnPassword(deps, caller.user, password, meta.ip) };
}

// ---------------------------------------------------------------------------------------------
// Social sign-in

/** The outcome of a social sign-in: a session, or the existing account waiting for its password. */
export type SocialOutcome = { kind: 'session'; pair: TokenPair } | { kind: 'link'; link_token: string; email: string };

async function openSession(deps: ApiDeps, user: UserRow, userAgent: string | null): Promise<TokenPair> {
  if (user.deactivated_at) throw unauthorized('deactivated_account', 'This account has been deactivated.');
  const sessionId = await authRepo.createSession(deps.db, user.id, userAgent);
  return issueTokens(deps, deps.db, user, sessionId);
}

function fallbackName(claims: { name: string | null; email: string }): string {
  const name = (claims.name ?? '').trim();
  if (/^\p{L}/u.test(name) && [...name].length >= 3) return clip(name, 100);
  const local = claims.email.split('@')[0]!.replace(/[^\p{L}\p{N} ._-]/gu, ' ').trim();
  return /^\p{L}/u.test(local) && local.length >= 3 ? clip(local, 100) : clip(`Pengguna ${local}`, 100);
}

/**
 * POST auth/google/token: signs in with an ID token of the configured provider. A known identity
 * opens a session; an unknown one whose verified e-mail has no account creates a verified account;
 * one whose e-mail belongs to an account waits for that account's password (auth/google/link).
 */
export async function socialSignIn(deps: ApiDeps, idToken: string, meta: RequestMeta): Promise<SocialOutcome> {
  const oidc = accountSettings(deps).oidc;
  if (!oidc) throw notFound('social_login_disabled', 'Social sign-in is not configured.');
  const claims = await verifyIdToken(oidc, idToken, deps.now());
  const linked = await repo.findIdentityUser(deps.db, oidc.provider, claims.subject);
  if (linked) return { kind: 'session', pair: await openSession(deps, linked, meta.userAgent) };
  if (!claims.email || !claims.emailVerified) throw forbidden('social_email_unverified', 'The provider has not verified this e-mail address.');
  const existing = await authRepo.findUserByEmail(deps.db, claims.email);
  if (existing) {
    if (existing.deactivated_at) throw unauthorized('deactivated_account', 'This account has been deactivated.');
    const token = newToken();
    await repo.insertLinkTicket(deps.db, {
      token_hash: hashToken(token),
      provider: oidc.provider,
      subject: claims.subject,
      user_id: existing.id,
      email: existing.email,
      expires_at: new Date(deps.now().getTime() + LINK_TICKET_SECONDS * 1000),
    });
    return { kind: 'link', link_token: token, email: existing.email };
  }
  const user = await deps.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      organizationId: deps.config.organizationId,
      email: claims.email!,
      passwordHash: null,
      name: fallbackName({ name: claims.name, email: claims.email! }),
      phone: null,
      address: null,
      districtId: null,
      verified: true,
    });
    await repo.insertIdentity(tx, oidc.provider, claims.subject, created.id, claims.email);
    return created;
  });
  return { kind: 'session', pair: await openSession(deps, user, meta.userAgent) };
}

/**
 * POST auth/google/link: links the waiting identity to its account once the account's password is
 * given (under the sign-in limits), then opens a session.
 */
export async function linkSocial(deps: ApiDeps, linkToken: string, password: string, meta: RequestMeta): Promise<TokenPair> {
  const hash = hashToken(linkToken);
  const ticket = await deps.db.transaction((tx) => repo.lockLinkTicket(tx, hash));
  if (!ticket || ticket.used_at) throw badRequest('invalid_link_token', 'This sign-in has ended; start again.', 'link_token');
  if (new Date(ticket.expires_at) <= deps.now()) throw badRequest('link_token_expired', 'This sign-in has expired; start again.', 'link_token');
  const user = await authRepo.findUserById(deps.db, ticket.user_id);
  if (!user) throw badRequest('invalid_link_token', 'This sign-in has ended; start again.', 'link_token');
  const email = user.email.toLowerCase();
  await assertLoginAllowed(deps, email, meta.ip);
  if (!(await verifyPassword(password, user.password_hash, deps.config.passwordHashCost))) {
    await recordLoginFailure(deps, email, meta.ip);
    throw unauthorized('invalid_password', 'The password is wrong.');
  }
  const used = await deps.db.transaction(async (tx) => {
    const row = await repo.lockLinkTicket(tx, hash);
    if (!row || row.used_at) return false;
    await repo.useLinkTicket(tx, hash, deps.now());
    await repo.insertIdentity(tx, ticket.provider, ticket.subject, user.id, ticket.email);
    await repo.markVerified(tx, user.id);
    return true;
  });
  if (!used) throw badRequest('invalid_link_token', 'This sign-in has ended; start again.', 'link_token');
  await clearLoginFailures(deps, email);
  return openSession(deps, (await authRepo.findUserById(deps.db, user.id))!, meta.userAgent);
}
