import { resolve } from 'node:path';
import { DEFAULT_HASH_COST, MAX_HASH_COST, MIN_HASH_COST } from './auth/password.ts';
import { readS3Settings, type S3Settings } from './storage/settings.ts';
import { readPushSettings, type PushSettings } from './push/settings.ts';
import { readWriteLimits, type WriteLimits } from './limits/settings.ts';
import { readCommerceSettings, type CommerceSettings } from './commerce/settings.ts';

/** Reads a boolean flag from the environment ("true"/"1"/"on" are on). */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(raw.toLowerCase());
}

/** Reads PASSWORD_HASH_COST; a value out of range stops the start rather than weakening or breaking sign-in. */
function hashCost(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_HASH_COST;
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < MIN_HASH_COST || cost > MAX_HASH_COST) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from ${MIN_HASH_COST} to ${MAX_HASH_COST} (log2 of scrypt's N), not "${raw}".`);
  }
  return cost;
}

/** The product's own organisation; demo data is seeded into it. */
export const DEFAULT_ORGANIZATION_ID = '6f1c2a4e-8b3d-4c5e-9a7f-0d1e2f3a4b5c';

/** Runtime configuration of the reference API and the web server, read once from the environment. */
export interface ServerConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  organizationId: string;
  multiOrganization: boolean;
  production: boolean;
  appName: string;
  /**
   * log2 of scrypt's N for new password hashes (`PASSWORD_HASH_COST`, default 17: 128 MiB and a
   * noticeable fraction of a second each). The test suites lower it; production keeps the default.
   */
  passwordHashCost: number;
  /** The S3-compatible bucket that holds the stored files (`S3_*`); undefined: under `dataDir`. */
  s3: S3Settings | undefined;
  /** Where Web Push may send: the push services' hosts and, for tests only, loopback receivers (`PUSH_*`). */
  push: PushSettings;
  features: FeatureFlags;
  /** Limits on the writes that reach other people and on counted QR scans (README "Limits"). */
  limits: WriteLimits;
  /** Payment gateway, payment window, shipping provider and their sandboxes (docs/commerce.md). */
  commerce: CommerceSettings;
  /**
   * Whether a new, empty database gets the demo data and its accounts (`DEMO_DATA=true`, or
   * `--demo`, which the npm scripts pass). Otherwise it starts with no account and the server
   * prints a one-time link to create the first administrator (accounts/first-admin.ts).
   */
  demoData: boolean;
}

/** Which optional features are on: syncing reading time, position and bookmarks, book donations, citations and the logo banner (spec 03 §9.2). */
export interface FeatureFlags {
  readingDuration: boolean;
  readingProgress: boolean;
  bookmark: boolean;
  bookDonation: boolean;
  bookCitation: boolean;
  logoBanner: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    organizationId: env.ORGANIZATION_ID || DEFAULT_ORGANIZATION_ID,
    multiOrganization: flag(env, 'MULTI_ORGANIZATION', false),
    production: env.NODE_ENV === 'production',
    appName: env.APP_NAME || 'ePustaka',
    passwordHashCost: hashCost(env.PASSWORD_HASH_COST),
    s3: readS3Settings(env),
    push: readPushSettings(env),
    features: {
      readingDuration: flag(env, 'FEATURE_READING_DURATION', true),
      readingProgress: flag(env, 'FEATURE_READING_PROGRESS', true),
      bookmark: flag(env, 'FEATURE_BOOKMARK', true),
      bookDonation: flag(env, 'FEATURE_BOOK_DONATION', true),
      bookCitation: flag(env, 'FEATURE_BOOK_CITATION', false),
      logoBanner: flag(env, 'FEATURE_LOGO_BANNER', false),
    },
    limits: readWriteLimits(env),
    commerce: readCommerceSettings(env, env.NODE_ENV === 'production'),
    demoData: flag(env, 'DEMO_DATA', false),
  };
}
