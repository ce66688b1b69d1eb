/*
 * Where Web Push may send (`PUSH_SERVICE_HOSTS`, `PUSH_ALLOW_LOOPBACK`). A browser's subscription
 * names the address the server posts to, so only the browsers' own push services are accepted:
 * any other endpoint could make the server open connections into its own network.
 */

/**
 * The push services of the browsers: Chrome, Edge's Chromium builds, Opera, Brave and Samsung
 * Internet (Firebase Cloud Messaging), Firefox (Mozilla autopush), Edge on Windows (WNS) and Safari
 * (Apple). `*.` admits every subdomain of the name after it.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com'] as const;

/** The push settings of this server. */
export interface PushSettings {
  /** Host names (lower case) a push endpoint may have; `*.name` admits every subdomain of `name`. */
  serviceHosts: string[];
  /**
   * Push receivers on this machine are allowed: `http:` endpoints, and endpoints whose address is a
   * loopback address. For the tests' local receiver and development only; refused in production.
   */
  allowLoopback: boolean;
}

/**
 * The push settings from the environment: `PUSH_SERVICE_HOSTS` (comma- or space-separated; unset:
 * {@link DEFAULT_PUSH_SERVICE_HOSTS}) and `PUSH_ALLOW_LOOPBACK` (`true` outside production only).
 * @throws Error when `PUSH_ALLOW_LOOPBACK` is on with `NODE_ENV=production`, or a host is malformed.
 */
export function readPushSettings(env: NodeJS.ProcessEnv): PushSettings {
  const raw = env.PUSH_SERVICE_HOSTS?.trim();
  const serviceHosts = raw ? raw.split(/[\s,]+/).filter(Boolean).map((host) => host.toLowerCase()) : [...DEFAULT_PUSH_SERVICE_HOSTS];
  for (const host of serviceHosts) {
    if (!/^(\*\.)?[a-z0-9.[\]:-]+$/.test(host) || host.replace(/^\*\./, '').startsWith('.')) {
      throw new Error(`PUSH_SERVICE_HOSTS: "${host}" is not a host name (write "push.example.com", or "*.example.com" for its subdomains).`);
    }
  }
  const allowLoopback = ['1', 'true', 'on', 'yes'].includes((env.PUSH_ALLOW_LOOPBACK ?? '').toLowerCase());
  if (allowLoopback && env.NODE_ENV === 'production') {
    throw new Error('PUSH_ALLOW_LOOPBACK is for tests and development: a production server never pushes to its own machine.');
  }
  return { serviceHosts, allowLoopback };
}

/** True when `hostname` (as a URL gives it: lower case, IPv6 in brackets) is one of `serviceHosts`. */
export function isPushServiceHost(hostname: string, serviceHosts: readonly string[]): boolean {
  return serviceHosts.some((entry) => (entry.startsWith('*.') ? hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1 : hostname === entry));
}
