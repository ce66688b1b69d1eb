/** Sends one request to the reference API and returns its response. */
export type ApiFetch = (request: Request) => Promise<Response>;

const EMBEDDED = Symbol.for('epustaka.embeddedApi');
type Registry = { [EMBEDDED]?: ApiFetch | Promise<ApiFetch> };

/** Origin used for in-process requests; it never reaches the network. */
export const INTERNAL_ORIGIN = 'http://api.internal';

/** Called by the production entry (server/main.ts) before the web server starts. */
export function registerEmbeddedApi(fetcher: ApiFetch): void {
  (globalThis as Registry)[EMBEDDED] = fetcher;
}

/**
 * The API this web server talks to: a remote one when `API_URL` is set, else the embedded one
 * running in this process (booted on demand under `astro dev`).
 */
export async function getApiFetch(): Promise<ApiFetch> {
  const remote = process.env.API_URL;
  if (remote) return remoteFetch(remote);
  const registry = globalThis as Registry;
  const existing = registry[EMBEDDED];
  if (existing) return existing;
  if (import.meta.env.DEV) {
    const booting = import('../../../server/web-entry.ts').then(({ loadApi }) => loadApi()).then(async ({ announceDevOutbox, bootApi }) => {
      const api = await bootApi();
      announceDevOutbox(api);
      return (request: Request) => Promise.resolve(api.app.fetch(request));
    });
    registry[EMBEDDED] = booting;
    return booting;
  }
  throw new Error('The embedded API is not running. Start the product with `npm start` (or set API_URL).');
}

function remoteFetch(base: string): ApiFetch {
  return (request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, base);
    return fetch(new Request(target, request));
  };
}
