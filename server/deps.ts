import type { ServerConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { TokenSigner } from './auth/tokens.ts';
import type { AuthDeps } from './auth/service.ts';

/** Everything the routers share: one database, one signer, the configuration and a clock. */
export interface ApiDeps extends AuthDeps {
  db: Db;
  signer: TokenSigner;
  config: ServerConfig;
}
