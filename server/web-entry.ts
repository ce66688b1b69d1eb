/**
 * All that the web app (src/) uses of the server: its configuration, the public origin, the
 * loopback and origin checks, the names of the internal headers and cookie, and the embedded API
 * itself, booted on first use. Nothing else of server/ is imported by src/ (a rule of
 * .dependency-cruiser.mjs).
 */
export { loadConfig } from './config.ts';
export { loadAccountSettings } from './accounts/settings.ts';
export { publicOrigin } from './http/public-origin.ts';
export { forwardedChain, isLocalClient, isOutboxPath } from './http/local-client.ts';
export { isAllowedOrigin, isUnsafeMethod } from './http/request-guard.ts';
export { OUTBOX_KEY_COOKIE, OUTBOX_KEY_HEADER } from './accounts/outbox-key.ts';
export { INGEST_SECRET_HEADER } from './reader/ingest-secret.ts';

/** The embedded API (server/boot.ts), loaded when the web app first passes it a request. */
export const loadApi = () => import('./boot.ts');
