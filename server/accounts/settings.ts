import type { ApiDeps } from '../deps.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { newOutboxKey } from './outbox-key.ts';

/** What the account features need beyond the core configuration, read from the environment. */
export interface AccountSettings {
  /** The public origin (PUBLIC_URL, see http/public-origin.ts) that e-mail links point to, never a request's Host. */
  publicUrl: string;
  /** `smtp://user:pass@host:port` or `smtps://...`; unset keeps mail in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Serves the outbox to clients on this machine (on when OUTBOX_API=true, and whenever not in production). */
  outboxApi: boolean;
  /** The secret the outbox asks for, made anew at each start (see outbox-key.ts). */
  outboxKey: string;
  /** The OpenID provider whose ID tokens sign people in, when configured. */
  oidc: { issuer: string; clientId: string; provider: 'google' } | null;
  /** Sign-in failures allowed per e-mail and per client address within `loginWindowSeconds`. */
  loginFailuresPerEmail: number;
  loginFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Longest wait between sign-in attempts for an e-mail that keeps failing (the delay doubles up to this). */
  loginMaxDelaySeconds: number;
  /** Registrations and e-mail checks allowed per client address within `loginWindowSeconds`. */
  registrationsPerIp: number;
  emailChecksPerIp: number;
  /** How long a browser that signed in stays trusted (the device cookie), in days. */
  trustedDeviceDays: number;
  /** Log mail to the server log. */
  log: (line: string) => void;
}

const flag = (raw: string | undefined) => ['1', 'true', 'on', 'yes'].includes((raw ?? '').toLowerCase());
const int = (raw: string | undefined, fallback: number) => (raw && /^\d+$/.test(raw) ? Number(raw) : fallback);

/** Reads the account settings from the environment. */
export function loadAccountSettings(dataDir: string, production: boolean, env: NodeJS.ProcessEnv = process.env): AccountSettings {
  const clientId = env.GOOGLE_CLIENT_ID;
  return {
    publicUrl: publicOrigin(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `"${env.APP_NAME || 'ePustaka'}" <no-reply@epustaka.invalid>`,
    outboxApi: flag(env.OUTBOX_API) || !production,
    outboxKey: newOutboxKey(),
    oidc: clientId ? { issuer: env.OIDC_ISSUER || 'https://accounts.google.com', clientId, provider: 'google' } : null,
    loginFailuresPerEmail: int(env.LOGIN_MAX_FAILURES_PER_EMAIL, 5),
    loginFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 20),
    loginWindowSeconds: int(env.LOGIN_FAILURE_WINDOW_SECONDS, 15 * 60),
    loginMaxDelaySeconds: int(env.LOGIN_MAX_DELAY_SECONDS, 60),
    registrationsPerIp: int(env.REGISTRATIONS_PER_IP, 20),
    emailChecksPerIp: int(env.EMAIL_CHECKS_PER_IP, 60),
    trustedDeviceDays: int(env.TRUSTED_DEVICE_DAYS, 365),
    log: (line) => console.log(line),
  };
}

const settingsByDeps = new WeakMap<ApiDeps, AccountSettings>();

/** The account settings of one API instance (read from the environment on first use). */
export function accountSettings(deps: ApiDeps): AccountSettings {
  let settings = settingsByDeps.get(deps);
  if (!settings) {
    settings = loadAccountSettings(deps.config.dataDir, deps.config.production);
    settingsByDeps.set(deps, settings);
  }
  return settings;
}

/** Replaces some settings of one API instance (tests: a temp objects folder, a local OpenID provider). */
export function overrideAccountSettings(deps: ApiDeps, changes: Partial<AccountSettings>): AccountSettings {
  const next = { ...accountSettings(deps), ...changes };
  settingsByDeps.set(deps, next);
  return next;
}
