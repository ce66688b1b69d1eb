import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import compression from 'compression';
import { createSharedCache, type SharedCacheOptions } from './shared-cache.ts';
import { createPrecompressedStatic } from './static.ts';
import { guardServer, refuseAtTheDoor } from './door.ts';
import { hostPolicy, type HostPolicy } from '../http/public-origin.ts';

/**
 * The web server around the built Astro handler: hashed assets from their precompressed copies;
 * public pages for signed-out visitors from a short shared cache (see shared-cache.ts); everything
 * else (pages, API answers) compressed on the fly when the type is text and the body is over
 * 1 KB. Range requests and answers that are already encoded pass through untouched.
 * Requests no route could answer well, and requests for a host other than the site's own
 * (`hosts`: the public origin's, loopback names on this server's port, ALLOWED_HOSTS), are
 * refused first (see door.ts).
 * HTTPS when SERVER_CERT_PATH and SERVER_KEY_PATH are set, as the Node adapter does.
 */
export function createWebServer(
  astroHandler: RequestListener,
  clientDir: string,
  cacheOptions?: SharedCacheOptions | false,
  hosts: HostPolicy = hostPolicy(),
): http.Server {
  const serveStatic = createPrecompressedStatic(clientDir);
  const cache = cacheOptions === false ? null : createSharedCache(cacheOptions);
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => !req.headers.range && compression.filter(req, res),
  });
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (refuseAtTheDoor(req, res, { hosts })) return;
    if (serveStatic(req, res)) return;
    const key = cache?.keyOf(req) ?? null;
    if (key && cache!.serve(req, res, key)) return;
    compress(req as never, res as never, () => (key ? cache!.capture(res, key, () => astroHandler(req, res)) : astroHandler(req, res)));
  };
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = process.env;
  const server = guardServer(cert && key ? https.createServer({ cert: readFileSync(cert), key: readFileSync(key) }, listener) : http.createServer(listener));
  // Idle connections stay open longer than clients and proxies keep theirs (Node's 5 s default lets
  // a client reuse a connection the server is just closing, which the client sees as a reset).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
