/*
 * The site's own address. Every absolute URL the product writes (canonical links, share previews,
 * hreflang, structured data, sitemaps, robots.txt, QR codes, mailed links) starts with the public
 * origin, never with the Host a request names: a shared cache would otherwise hand one visitor's
 * forged Host to everyone after them. The web server answers only the hosts that are its own
 * (the public origin's, this machine's loopback names on the port it listens on, and
 * ALLOWED_HOSTS); X-Forwarded-Host is never read.
 */

type Env = NodeJS.ProcessEnv;

/** Loopback names a browser on this machine uses for the server. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A host name with its port; `port` undefined stands for any port. */
interface HostName {
  hostname: string;
  port: number | undefined;
}

/** Which Host headers the web server answers. */
export interface HostPolicy {
  /** The public origin's host; a Host naming it without a port is accepted whatever the scheme. */
  public: HostName & { port: number };
  /** ALLOWED_HOSTS: `name` (any port) or `name:port`. */
  allowed: HostName[];
}

/**
 * The public origin: PUBLIC_URL's (scheme, host and port), else the local address the server
 * prints when it starts: `http://localhost:PORT` when it listens on every interface, else its HOST,
 * https when it serves TLS.
 * @throws when PUBLIC_URL is not an http or https address, so a start with it fails at once.
 */
export function publicOrigin(env: Env = process.env): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) {
    let url: URL | null = null;
    try {
      url = new URL(configured);
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`PUBLIC_URL must be an http or https address such as https://perpustakaan.example.id, not "${configured}".`);
    return url.origin;
  }
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const tls = Boolean(env.SERVER_CERT_PATH && env.SERVER_KEY_PATH);
  return new URL(`${tls ? 'https' : 'http'}://${host}:${env.PORT || '4321'}`).origin;
}

/** Splits a Host header (`name`, `name:port`, `[v6]:port`) into its name and port; null when malformed. */
export function parseHost(value: string | undefined): HostName | null {
  if (!value) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return null;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  return { hostname: match[1]!.toLowerCase(), port };
}

const policies = new Map<string, HostPolicy>();

/**
 * The hosts of the configuration in `env` (read once per distinct setting).
 * @throws when PUBLIC_URL or an ALLOWED_HOSTS entry cannot be read.
 */
export function hostPolicy(env: Env = process.env): HostPolicy {
  const key = [env.PUBLIC_URL, env.HOST, env.PORT, env.SERVER_CERT_PATH && env.SERVER_KEY_PATH, env.ALLOWED_HOSTS].join('\n');
  let policy = policies.get(key);
  if (!policy) {
    const origin = new URL(publicOrigin(env));
    const port = origin.port ? Number(origin.port) : origin.protocol === 'https:' ? 443 : 80;
    const allowed = (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const parsed = parseHost(entry);
        if (!parsed) throw new Error(`ALLOWED_HOSTS lists host names, optionally with a port, separated by commas; "${entry}" is not one.`);
        return parsed;
      });
    policy = { public: { hostname: origin.hostname.toLowerCase(), port }, allowed };
    policies.set(key, policy);
  }
  return policy;
}

/**
 * True when `host` names this machine by a loopback name on the port the connection came in on
 * (`localPort`); a Host without a port means the scheme's default one.
 */
export function isOwnLoopbackHost(host: string | undefined, localPort: number | undefined, secure: boolean): boolean {
  const parsed = parseHost(host);
  if (!parsed || !LOOPBACK_NAMES.includes(parsed.hostname) || localPort === undefined) return false;
  return (parsed.port ?? (secure ? 443 : 80)) === localPort;
}

/**
 * True when the web server answers a request with this Host: the public origin's host, a
 * loopback name on the server's own port, or a host of ALLOWED_HOSTS.
 */
export function isOwnHost(host: string | undefined, localPort: number | undefined, secure: boolean, policy: HostPolicy): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  // Behind a proxy that ends TLS the port a client used is unknown: a Host without one names the public host.
  if (parsed.hostname === policy.public.hostname && (parsed.port === undefined || parsed.port === policy.public.port)) return true;
  if (isOwnLoopbackHost(host, localPort, secure)) return true;
  return policy.allowed.some((entry) => entry.hostname === parsed.hostname && (entry.port === undefined || entry.port === (parsed.port ?? (secure ? 443 : 80))));
}
