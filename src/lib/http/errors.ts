/** Error codes of a 401 that are answers, not an expired session: they never trigger a refresh. */
export const REFRESH_EXCLUDED_CODES: readonly string[] = [
  'invalid_password',
  'invalid_account',
  'invalid_email',
  'deactivated_account',
  'unverified_account',
];

/** The message of a request that got no response at all (spec 01 §8). */
export const NETWORK_ERROR_MESSAGE = 'Something went wrong!';

/** What a failed call throws. */
export interface ApiErrorInit {
  message: string;
  code: string;
  status?: number;
  messages?: string[];
  body?: unknown;
  cause?: unknown;
}

/**
 * A failed call: `status` is absent when no response arrived, `code` names the failure
 * (`http_<status>` when the server gave none), `messages` holds every message the server sent.
 * `sessionExpired` is set when the call failed because the session could not be renewed; the
 * page is then leaving, so the failure is not worth a notification.
 */
export class ApiError extends Error {
  status?: number;
  code: string;
  messages: string[];
  body?: unknown;
  sessionExpired = false;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages ?? [init.message];
    this.body = init.body;
  }
}

function genericMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The error of a response with `status` and `body`: read from `errors[0]` (`{ code, message }`,
 * with the messages of all entries collected), else from `error` (a message, or an object with
 * `code` and `message`); else code `http_<status>` and "Request failed with status code <status>".
 */
export function toApiError(status: number, body: unknown): ApiError {
  const fallback = { code: `http_${status}`, message: genericMessage(status) };
  if (!isRecord(body)) return new ApiError({ ...fallback, status, body });

  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const entries = body.errors.filter(isRecord);
    const first = entries[0] ?? {};
    const messages = entries.map((entry) => text(entry.message)).filter((m): m is string => m !== undefined);
    const message = text(first.message) ?? messages[0] ?? fallback.message;
    return new ApiError({ status, body, code: text(first.code) ?? fallback.code, message, messages: messages.length > 0 ? messages : [message] });
  }

  const error = body.error;
  if (text(error)) return new ApiError({ status, body, code: fallback.code, message: error as string });
  if (isRecord(error)) {
    const message = text(error.message) ?? fallback.message;
    return new ApiError({ status, body, code: text(error.code) ?? fallback.code, message });
  }
  return new ApiError({ ...fallback, status, body });
}

/** The error of a request that got no response (offline, DNS, refused connection, CORS). */
export function networkError(cause?: unknown): ApiError {
  return new ApiError({ code: 'network_error', message: NETWORK_ERROR_MESSAGE, cause });
}

/**
 * True for failures a notification should not show (spec 03 §8): a 401 "Request failed with
 * status code 401", and any call dropped because the session could not be renewed.
 */
export function isSilentError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (error instanceof ApiError && error.sessionExpired) return true;
  return error.status === 401 && error.message === genericMessage(401);
}

/**
 * True when the server looked at a request and will never accept it as it is (a 4xx other than an
 * expired session, a timeout or a rate limit): kept data it refuses is dropped rather than resent
 * forever; anything else (no answer, a 5xx, 401, 408, 429) is worth trying again later.
 */
export function isFinalRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === undefined) return false;
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}
