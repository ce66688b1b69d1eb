import { Hono, type Context } from 'hono';
import {
  emailCheckQuerySchema,
  emailOnlySchema,
  registerSchema,
  resetPasswordSchema,
  socialLinkSchema,
  socialTokenSchema,
  verifyEmailSchema,
} from '../../src/lib/account/schema.ts';
import * as accounts from './service.ts';
import type { RequestMeta } from './service.ts';
import { langOf } from './messages.ts';
import { clientIp, throttleByAddress, TooManyAttemptsError, tooManyAttemptsResponse } from './rate-limit.ts';
import { accountSettings } from './settings.ts';
import { emailTaken } from './repository.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';

/** Language, address and browser of a request, for texts, limits and sessions. */
export function requestMeta(c: Context): RequestMeta {
  return { lang: langOf(c.req.header('accept-language')), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null };
}

/**
 * auth/register, auth/email-check, auth/verify-email, auth/resend-verification,
 * auth/reset-password-ticket, auth/reset-password, auth/google/token, auth/google/link.
 * None needs a session.
 */
export function registerRoutes(deps: ApiDeps) {
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof TooManyAttemptsError) return tooManyAttemptsResponse(c, error);
    throw error;
  });

  app.post('/register', async (c) => {
    const { data } = await jsonBody(c, registerSchema);
    // Counted once the form is well formed: each registration costs a password hash.
    await throttleByAddress(deps, 'register', clientIp(c), accountSettings(deps).registrationsPerIp);
    const result = await accounts.register(deps, { email: data.email, password: data.password, ...data.extras }, requestMeta(c));
    return c.json({ data: result }, 201);
  });

  // Spec 03 §7.1 "email check": the registration form may ask whether an address is free.
  app.get('/email-check', async (c) => {
    const { email } = queryParams(c, emailCheckQuerySchema);
    await throttleByAddress(deps, 'email_check', clientIp(c), accountSettings(deps).emailChecksPerIp);
    return c.json({ data: { email, available: !(await emailTaken(deps.db, email)) } });
  });

  app.post('/verify-email', async (c) => {
    const { token } = await jsonBody(c, verifyEmailSchema);
    return c.json({ data: await accounts.verifyEmail(deps, token, requestMeta(c)) });
  });

  app.post('/resend-verification', async (c) => {
    const { email } = await jsonBody(c, emailOnlySchema);
    return c.json({ data: await accounts.resendVerification(deps, email, requestMeta(c)) });
  });

  app.post('/reset-password-ticket', async (c) => {
    const { email } = await jsonBody(c, emailOnlySchema);
    return c.json({ data: await accounts.requestPasswordReset(deps, email, requestMeta(c)) });
  });

  app.post('/reset-password', async (c) => {
    const { token, password } = await jsonBody(c, resetPasswordSchema);
    return c.json({ data: await accounts.resetPassword(deps, token, password, requestMeta(c)) });
  });

  app.post('/google/token', async (c) => {
    const { id_token } = await jsonBody(c, socialTokenSchema);
    const outcome = await accounts.socialSignIn(deps, id_token, requestMeta(c));
    if (outcome.kind === 'link') return c.json({ data: { link_required: true, link_token: outcome.link_token, email: outcome.email } }, 202);
    return c.json({ data: outcome.pair });
  });

  app.post('/google/link', async (c) => {
    const { link_token, password } = await jsonBody(c, socialLinkSchema);
    return c.json({ data: await accounts.linkSocial(deps, link_token, password, requestMeta(c)) });
  });

  return app;
}
