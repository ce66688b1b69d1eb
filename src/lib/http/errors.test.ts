import { describe, expect, test } from 'vitest';
import { ApiError, REFRESH_EXCLUDED_CODES, isFinalRefusal, isSilentError, networkError, toApiError } from './errors.ts';

describe('toApiError', () => {
  test('reads code and message from errors[0] and collects every message', () => {
    const error = toApiError(422, {
      errors: [
        { code: 'invalid_email', message: 'The e-mail is not valid.' },
        { code: 'required', message: 'Password is required.' },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_email', message: 'The e-mail is not valid.' });
    expect(error.messages).toEqual(['The e-mail is not valid.', 'Password is required.']);
  });

  test('reads a string error as the message', () => {
    expect(toApiError(400, { error: 'The code is wrong' })).toMatchObject({ code: 'http_400', message: 'The code is wrong', messages: ['The code is wrong'] });
  });

  test('reads an error object', () => {
    expect(toApiError(403, { error: { code: 'no_access', message: 'No rights.' } })).toMatchObject({ status: 403, code: 'no_access', message: 'No rights.' });
  });

  test('falls back to the status for unknown bodies', () => {
    for (const body of [undefined, '', '<html>Bad gateway</html>', {}, { errors: [] }, { error: 42 }]) {
      const error = toApiError(502, body);
      expect(error.code).toBe('http_502');
      expect(error.message).toBe('Request failed with status code 502');
    }
  });

  test('keeps the body', () => {
    const body = { errors: [{ code: 'x', message: 'y' }] };
    expect(toApiError(400, body).body).toBe(body);
  });
});

describe('networkError', () => {
  test('is "Something went wrong!" without a status', () => {
    const error = networkError(new TypeError('fetch failed'));
    expect(error).toMatchObject({ code: 'network_error', message: 'Something went wrong!', status: undefined });
  });
});

describe('REFRESH_EXCLUDED_CODES', () => {
  test('lists the 401 answers that are not an expired session', () => {
    expect([...REFRESH_EXCLUDED_CODES].sort()).toEqual(['deactivated_account', 'invalid_account', 'invalid_email', 'invalid_password', 'unverified_account']);
  });
});

describe('isSilentError', () => {
  test('is true for a bare 401', () => {
    expect(isSilentError(toApiError(401, undefined))).toBe(true);
    expect(isSilentError({ status: 401, message: 'Request failed with status code 401' })).toBe(true);
  });

  test('is false for a 401 with a message and for other failures', () => {
    expect(isSilentError(toApiError(401, { errors: [{ code: 'invalid_password', message: 'Wrong password' }] }))).toBe(false);
    expect(isSilentError(toApiError(500, undefined))).toBe(false);
    expect(isSilentError(networkError())).toBe(false);
    expect(isSilentError(null)).toBe(false);
  });

  test('is true for a call dropped because the session ended', () => {
    const error = toApiError(401, { errors: [{ code: 'session_revoked', message: 'The session has ended.' }] });
    error.sessionExpired = true;
    expect(isSilentError(error)).toBe(true);
  });
});

describe('isFinalRefusal', () => {
  test('a 4xx the server will always give is final; no answer, a 5xx, an expired session, a timeout or a rate limit are not', () => {
    expect(isFinalRefusal(toApiError(403, { errors: [{ code: 'not_borrowed', message: 'x' }] }))).toBe(true);
    expect(isFinalRefusal(toApiError(404, {}))).toBe(true);
    expect(isFinalRefusal(toApiError(422, {}))).toBe(true);
    for (const status of [401, 408, 429, 500, 503]) expect(isFinalRefusal(toApiError(status, {}))).toBe(false);
    expect(isFinalRefusal(networkError())).toBe(false);
    expect(isFinalRefusal(new Error('x'))).toBe(false);
  });
});
