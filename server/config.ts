import { resolve } from 'node:path';

/** Reads a boolean flag from the environment ("true"/"1"/"on" are on). */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(raw.toLowerCase());
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
  features: FeatureFlags;
}

/** Feature flags of spec 03 §9.2. */
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
    features: {
      readingDuration: flag(env, 'FEATURE_READING_DURATION', true),
      readingProgress: flag(env, 'FEATURE_READING_PROGRESS', true),
      bookmark: flag(env, 'FEATURE_BOOKMARK', true),
      bookDonation: flag(env, 'FEATURE_BOOK_DONATION', false),
      bookCitation: flag(env, 'FEATURE_BOOK_CITATION', false),
      logoBanner: flag(env, 'FEATURE_LOGO_BANNER', false),
    },
  };
}
