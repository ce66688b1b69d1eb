import axios from 'redaxios';
import { ApiError, REFRESH_EXCLUDED_CODES, networkError, toApiError } from './errors.ts';
import { hostKindFor, resolveHosts, shouldAttachBearer, urlFor } from './hosts.ts';
import type { HostConfig } from './hosts.ts';
import { withQuery } from './query.ts';
import type { QueryParams } from './query.ts';
import { createRefreshGate } from './refresh.ts';
import { isEncodedBody, wrapBody } from './wrap.ts';

export { isSilentError } from './errors.ts';

/** The JSON:API media type every call sends and accepts (spec 03 §7.3). */
export const JSON_API = 'application/vnd.api+json';

/** The path of the refresh call; its own 401 means the session is over, never "refresh again". */
const REFRESH_PATH = 'auth/refresh-token';

export interface HttpClientOptions {
  /** Hosts by kind, laid over the same-origin defaults. */
  hosts?: Partial<HostConfig>;
  /** The fetch to send with (the server passes its in-process one); the global fetch otherwise. */
  fetch?: typeof fetch;
  /**
   * The access token to send as a bearer. Only the server has one; in the browser this is absent
   * and the session cookies go along with the same-origin call instead.
   */
  getAccessToken?: () => string | undefined;
  /** Renews the session; resolves true on success. A throw counts as a failure. */
  refresh: () => Promise<boolean>;
  /**
   * Whether a 401 may be answered with a refresh at all (spec 01 §4.1: only when a session
   * exists). Always, when absent.
   */
  canRefresh?: () => boolean;
  /** Called once per failed refresh, with the 401 that started it. */
  onSessionExpired?: (error: ApiError) => void;
  /** Headers sent with every call, over the JSON:API defaults. */
  headers?: Record<string, string>;
}

/** Per-call options of the methods that send a body. */
export interface RequestOptions {
  /** A feed source: the body is sent as-is whatever the path (spec 01 §7). */
  feedSource?: boolean;
  /** Query parameters, serialized like those of `get`. */
  params?: QueryParams;
  /** Headers for this call only. */
  headers?: Record<string, string>;
}

/**
 * The API client. Paths are relative without a leading slash (`webhook/menu`). Each method
 * resolves to the response body, or `[]` when the body is empty, and rejects with an
 * {@link ApiError}.
 */
export interface HttpClient {
  /** GET; objects and arrays among `params` are sent as JSON, `undefined` ones dropped. */
  get<T = unknown>(path: string, params?: QueryParams): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Call {
  method: Method;
  path: string;
  body?: unknown;
  options: RequestOptions;
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A redaxios rejection that carries a response (as opposed to a failed fetch). */
function isResponseFailure(value: unknown): value is { status: number; data: unknown } {
  return typeof value === 'object' && value !== null && 'config' in value && typeof (value as { status?: unknown }).status === 'number';
}

/**
 * Builds the API client (spec 03 §7.3): hosts chosen by path, the data-wrapper rule, JSON:API
 * headers, a bearer from `getAccessToken` when there is one, and one shared refresh for every
 * 401 (except the codes of {@link REFRESH_EXCLUDED_CODES}). Calls that got a 401 wait for that
 * refresh and are retried once when it succeeds; calls started while it runs wait before
 * sending. When it fails, `onSessionExpired` is called once and every waiting call rejects
 * with `sessionExpired` set.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const hosts = resolveHosts(options.hosts);
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Same-origin credentials carry the session cookies to our own server and to no one else.
  const sendFetch: typeof fetch = (input, init) => baseFetch(input, { ...init, credentials: init?.credentials ?? 'same-origin' });
  const defaultHeaders = { accept: JSON_API, 'content-type': JSON_API, ...lowerCaseKeys(options.headers) };

  // Counts settled refreshes, so a 401 that arrives after one settled reuses its outcome.
  let refreshes = 0;
  let lastRefreshOk = true;
  let trigger: ApiError = toApiError(401, undefined);

  const gate = createRefreshGate(async () => {
    let ok = false;
    try {
      ok = (await options.refresh()) === true;
    } catch {
      ok = false;
    }
    refreshes += 1;
    lastRefreshOk = ok;
    if (!ok) expire(trigger);
    return ok;
  });

  function expire(error: ApiError): void {
    try {
      options.onSessionExpired?.(error);
    } catch (failure) {
      console.error('Handling the ended session failed', failure);
    }
  }

  function refreshFor(error: ApiError): Promise<boolean> {
    if (!gate.pending()) trigger = error;
    return gate.run();
  }

  function mayRefresh(error: ApiError, path: string): boolean {
    if (error.status !== 401 || REFRESH_EXCLUDED_CODES.includes(error.code)) return false;
    if (path.replace(/^\/+/, '').startsWith(REFRESH_PATH)) return false;
    return options.canRefresh?.() ?? true;
  }

  function expiredError(): ApiError {
    const error = toApiError(401, undefined);
    error.sessionExpired = true;
    return error;
  }

  async function send({ method, path, body, options: call }: Call): Promise<unknown> {
    const host = hosts[hostKindFor(path)];
    const url = withQuery(urlFor(host.baseURL, path), call.params);
    const headers: Record<string, string> = { ...defaultHeaders, ...lowerCaseKeys(call.headers) };
    const payload = wrapBody(path, body, { feedSource: call.feedSource });
    let data: unknown;
    if (payload === undefined || typeof payload === 'string') {
      data = payload;
    } else if (isEncodedBody(payload)) {
      data = payload;
      // The browser writes the multipart boundary or form type itself, unless the caller chose one.
      if (!call.headers || !Object.keys(lowerCaseKeys(call.headers)).includes('content-type')) delete headers['content-type'];
    } else {
      // Serialized here so the JSON:API content type is kept (redaxios would send application/json).
      data = JSON.stringify(payload);
    }
    const token = options.getAccessToken?.();
    if (token && shouldAttachBearer(path, host)) headers.authorization = `Bearer ${token}`;

    try {
      const response = await axios(url, { method, headers, data, fetch: sendFetch });
      return response.data;
    } catch (failure) {
      if (isResponseFailure(failure)) throw toApiError(failure.status, failure.data);
      throw networkError(failure);
    }
  }

  async function attempt(call: Call, retried: boolean): Promise<unknown> {
    const running = gate.pending();
    if (running && !(await running)) throw expiredError();
    const sentAfter = refreshes;
    try {
      return await send(call);
    } catch (error) {
      if (!(error instanceof ApiError) || retried || !mayRefresh(error, call.path)) throw error;
      const renewed = refreshes !== sentAfter ? lastRefreshOk : await refreshFor(error);
      if (!renewed) {
        error.sessionExpired = true;
        throw error;
      }
      return attempt(call, true);
    }
  }

  async function request<T>(call: Call): Promise<T> {
    const data = await attempt(call, false);
    return (data === '' || data === null || data === undefined ? [] : data) as T;
  }

  return {
    get<T>(path: string, params?: QueryParams) {
      return request<T>({ method: 'get', path, options: { params } });
    },
    post<T>(path: string, body?: unknown, call: RequestOptions = {}) {
      return request<T>({ method: 'post', path, body, options: call });
    },
    put<T>(path: string, body?: unknown, call: RequestOptions = {}) {
      return request<T>({ method: 'put', path, body, options: call });
    },
    patch<T>(path: string, body?: unknown, call: RequestOptions = {}) {
      return request<T>({ method: 'patch', path, body, options: call });
    },
    delete<T>(path: string, body?: unknown, call: RequestOptions = {}) {
      return request<T>({ method: 'delete', path, body, options: call });
    },
  };
}
