/** Which configured host serves a call (spec 03 §7.3). */
export type HostKind = 'main' | 'backend' | 'agent' | 'storage';

/** One host: its base URL ('' means this origin) and whether it follows the legacy bearer rule. */
export interface Host {
  baseURL: string;
  /**
   * Reproduces the legacy rule "no bearer on paths containing auth, services or borrow" for a
   * host that needs it. Our own API authenticates every call, so it is off by default.
   */
  legacyNoBearer?: boolean;
}

export type HostConfig = Record<HostKind, Host>;

/** Every kind served by this origin, each call carrying the bearer. */
export const DEFAULT_HOSTS: HostConfig = {
  main: { baseURL: '', legacyNoBearer: false },
  backend: { baseURL: '', legacyNoBearer: false },
  agent: { baseURL: '', legacyNoBearer: false },
  storage: { baseURL: '', legacyNoBearer: false },
};

/** The path without a leading slash and without its query string: the part the rules look at. */
function routePart(path: string): string {
  return path.replace(/^\/+/, '').split(/[?#]/, 1)[0] ?? '';
}

/**
 * The host kind of a path: `storage/…` or any path naming uploadobject/streamobject is storage;
 * then borrow → agent; then webhook or auth → backend; everything else main.
 */
export function hostKindFor(path: string): HostKind {
  const route = routePart(path);
  if (route.startsWith('storage/') || route.includes('uploadobject') || route.includes('streamobject')) return 'storage';
  if (route.includes('borrow')) return 'agent';
  if (route.includes('webhook') || route.includes('auth')) return 'backend';
  return 'main';
}

/** The default hosts with the given ones laid over them, kind by kind. */
export function resolveHosts(hosts: Partial<HostConfig> = {}): HostConfig {
  const resolved = { ...DEFAULT_HOSTS };
  for (const kind of Object.keys(resolved) as HostKind[]) {
    const given = hosts[kind];
    if (given) resolved[kind] = { ...DEFAULT_HOSTS[kind], ...given };
  }
  return resolved;
}

/** True unless the host follows the legacy rule and the path names auth, services or borrow. */
export function shouldAttachBearer(path: string, host: Host): boolean {
  if (!host.legacyNoBearer) return true;
  return !/auth|services|borrow/.test(routePart(path));
}

/** The URL of a call: the host's base URL, one slash, then the path (its leading slashes dropped). */
export function urlFor(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
