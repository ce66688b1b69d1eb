import type { ServerConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { TokenSigner } from './auth/tokens.ts';
import type { AuthDeps } from './auth/service.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { SessionCache } from './auth/session-cache.ts';

/** Everything the routers share: one database, one file store, one signer, the configuration and a clock. */
export interface ApiDeps extends AuthDeps {
  db: Db;
  signer: TokenSigner;
  config: ServerConfig;
  store: ObjectStore;
  /** The sessions this server has checked lately (absent: every request asks the database). */
  sessions?: SessionCache;
}
