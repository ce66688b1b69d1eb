import { describe, expect, test, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { createHttpClient, isSilentError } from './http.ts';
import type { HttpClientOptions } from './http.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

const EXPIRED = { errors: [{ code: 'token_expired', message: 'The access token has expired.' }] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A fake API: every call answers 401 until the session is renewed, then 200 with the path it got.
 * `answer` overrides the reply of one request.
 */
function fakeApi(answer?: (request: SentRequest, renewed: boolean) => Response | undefined | Promise<Response | undefined>) {
  const state = { renewed: false };
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body,
      credentials: init?.credentials,
    };
    sent.push(request);
    const custom = await answer?.(request, state.renewed);
    if (custom) return custom;
    return state.renewed ? json(200, { data: { url: request.url } }) : json(401, EXPIRED);
  });
  return { state, sent, fetch: fetch as unknown as typeof globalThis.fetch, fetchMock: fetch };
}

function client(api: ReturnType<typeof fakeApi>, options: Partial<HttpClientOptions> = {}) {
  const refresh = vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    api.state.renewed = true;
    return true;
  });
  const onSessionExpired = vi.fn();
  const http = createHttpClient({ fetch: api.fetch, refresh, onSessionExpired, ...options });
  return { http, refresh: (options.refresh as typeof refresh | undefined) ?? refresh, onSessionExpired: (options.onSessionExpired as typeof onSessionExpired | undefined) ?? onSessionExpired };
}

describe('createHttpClient: session refresh', () => {
  test('twenty concurrent 401s share exactly one refresh and all succeed after it', async () => {
    const api = fakeApi();
    const { http, refresh, onSessionExpired } = client(api);
    const paths = Array.from({ length: 20 }, (_, i) => `webhook/book-detail?n=${i}`);

    const bodies = await Promise.all(paths.map((path) => http.get<{ data: { url: string } }>(path)));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(bodies.map((body) => body.data.url)).toEqual(paths.map((path) => `/${path}`));
    expect(api.fetchMock).toHaveBeenCalledTimes(40);
  });

  test('a failed refresh calls onSessionExpired once and every request rejects', async () => {
    const api = fakeApi();
    const refresh = vi.fn(async () => false);
    const onSessionExpired = vi.fn();
    const { http } = client(api, { refresh, onSessionExpired });

    const results = await Promise.allSettled(Array.from({ length: 20 }, () => http.get('webhook/shelf')));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired.mock.calls[0]![0]).toMatchObject({ status: 401, code: 'token_expired' });
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, code: 'token_expired', sessionExpired: true });
      expect(isSilentError(reason)).toBe(true);
    }
    expect(api.fetchMock).toHaveBeenCalledTimes(20);
  });

  test('a refresh that throws counts as failed', async () => {
    const api = fakeApi();
    const refresh = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const { http, onSessionExpired } = client(api, { refresh });
    await expect(http.get('webhook/shelf')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  test('each failed refresh is reported once; a later 401 may refresh again', async () => {
    const api = fakeApi();
    const refresh = vi.fn(async () => false);
    const { http, onSessionExpired } = client(api, { refresh });
    await expect(http.get('webhook/a')).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('webhook/b')).rejects.toBeInstanceOf(ApiError);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  test.each(['invalid_password', 'invalid_account', 'invalid_email', 'deactivated_account', 'unverified_account'])(
    'a 401 with code %s never refreshes',
    async (code) => {
      const api = fakeApi(() => json(401, { errors: [{ code, message: `Refused: ${code}` }] }));
      const { http, refresh, onSessionExpired } = client(api);
      await expect(http.post('auth/login', { email: 'a@b.id', password: 'x' })).rejects.toMatchObject({ status: 401, code, message: `Refused: ${code}`, sessionExpired: false });
      expect(refresh).not.toHaveBeenCalled();
      expect(onSessionExpired).not.toHaveBeenCalled();
      expect(api.fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  test('retries only once: a second 401 after the retry is thrown', async () => {
    const api = fakeApi(() => json(401, EXPIRED));
    const { http, refresh, onSessionExpired } = client(api);
    await expect(http.get('webhook/profile')).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  test('a request started while a refresh runs waits for it before sending', async () => {
    const api = fakeApi();
    const outcome = deferred<boolean>();
    const refresh = vi.fn(() => outcome.promise);
    const { http } = client(api, { refresh });

    const first = http.get('webhook/a');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    const second = http.get('webhook/b');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.sent.map((r) => r.url)).toEqual(['/webhook/a']);

    api.state.renewed = true;
    outcome.resolve(true);
    await expect(first).resolves.toEqual({ data: { url: '/webhook/a' } });
    await expect(second).resolves.toEqual({ data: { url: '/webhook/b' } });
    expect(api.sent.map((r) => r.url).sort()).toEqual(['/webhook/a', '/webhook/a', '/webhook/b']);
  });

  test('a request waiting on a refresh that fails is dropped without being sent', async () => {
    const api = fakeApi();
    const outcome = deferred<boolean>();
    const { http, onSessionExpired } = client(api, { refresh: vi.fn(() => outcome.promise) });
    const first = http.get('webhook/a');
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = http.get('webhook/b');
    outcome.resolve(false);
    await expect(first).rejects.toMatchObject({ sessionExpired: true });
    await expect(second).rejects.toMatchObject({ status: 401, sessionExpired: true });
    expect(api.sent.map((r) => r.url)).toEqual(['/webhook/a']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  test('a 401 arriving after the refresh settled is retried without a second refresh', async () => {
    const slow = deferred<void>();
    const api = fakeApi(async (request, renewed) => {
      if (request.url === '/webhook/slow' && !renewed) {
        await slow.promise;
        return json(401, EXPIRED);
      }
      return undefined;
    });
    const { http, refresh } = client(api);
    const slowCall = http.get('webhook/slow');
    await expect(http.get('webhook/fast')).resolves.toEqual({ data: { url: '/webhook/fast' } });
    slow.resolve();
    await expect(slowCall).resolves.toEqual({ data: { url: '/webhook/slow' } });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  test('a 401 of the refresh call itself never refreshes', async () => {
    const api = fakeApi();
    const { http, refresh } = client(api);
    await expect(http.post('auth/refresh-token', {})).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });

  test('canRefresh false leaves a 401 alone', async () => {
    const api = fakeApi();
    const { http, refresh, onSessionExpired } = client(api, { canRefresh: () => false });
    await expect(http.get('webhook/profile')).rejects.toMatchObject({ status: 401, sessionExpired: false });
    expect(refresh).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('createHttpClient: requests', () => {
  const ok = () => json(200, { data: 'ok' });

  test('sends JSON:API headers and a same-origin request without a bearer in the browser', async () => {
    const api = fakeApi(ok);
    const { http } = client(api);
    await http.get('webhook/menu?platform=web');
    const [request] = api.sent;
    expect(request).toMatchObject({ url: '/webhook/menu?platform=web', method: 'GET', credentials: 'same-origin' });
    expect(request!.headers.accept).toBe('application/vnd.api+json');
    expect(request!.headers['content-type']).toBe('application/vnd.api+json');
    expect(request!.headers.authorization).toBeUndefined();
  });

  test('attaches the bearer on the server and uses the renewed token on the retry', async () => {
    let token = 'old-token';
    const api = fakeApi((request) => (request.headers.authorization === 'Bearer new-token' ? ok() : json(401, EXPIRED)));
    const refresh = vi.fn(async () => {
      token = 'new-token';
      return true;
    });
    const { http } = client(api, { getAccessToken: () => token, refresh });
    await expect(http.get('webhook/profile')).resolves.toEqual({ data: 'ok' });
    expect(api.sent.map((r) => r.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  test('sends no bearer when there is no token', async () => {
    const api = fakeApi(ok);
    const { http } = client(api, { getAccessToken: () => undefined });
    await http.get('webhook/profile');
    expect(api.sent[0]!.headers.authorization).toBeUndefined();
  });

  test('leaves the bearer off auth, services and borrow paths of a legacy host only', async () => {
    const api = fakeApi(ok);
    const legacy = { baseURL: 'https://legacy.example', legacyNoBearer: true };
    const { http } = client(api, {
      getAccessToken: () => 'tok',
      hosts: { backend: legacy, agent: legacy, main: { baseURL: 'https://main.example' } },
    });
    await http.post('auth/account', {});
    await http.post('webhook/borrow', {});
    await http.get('api/services/list');
    await http.get('webhook/menu');
    await http.get('api/books');
    expect(api.sent.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['https://legacy.example/auth/account', undefined],
      ['https://legacy.example/webhook/borrow', undefined],
      ['https://main.example/api/services/list', 'Bearer tok'],
      ['https://legacy.example/webhook/menu', 'Bearer tok'],
      ['https://main.example/api/books', 'Bearer tok'],
    ]);
  });

  test('picks the host by path', async () => {
    const api = fakeApi(ok);
    const { http } = client(api, {
      hosts: {
        main: { baseURL: 'https://main.example' },
        backend: { baseURL: 'https://backend.example' },
        agent: { baseURL: 'https://agent.example' },
        storage: { baseURL: 'https://storage.example' },
      },
    });
    await http.get('webhook/book-list');
    await http.post('webhook/borrow', {});
    await http.post('storage/uploadobject', new FormData());
    await http.get('api/other');
    expect(api.sent.map((r) => r.url)).toEqual([
      'https://backend.example/webhook/book-list',
      'https://agent.example/webhook/borrow',
      'https://storage.example/storage/uploadobject',
      'https://main.example/api/other',
    ]);
  });

  test('serializes query parameters, objects as JSON, undefined dropped', async () => {
    const api = fakeApi(ok);
    const { http } = client(api);
    const filter = { and: [{ category_id: 'c1' }] };
    await http.get('webhook/book-list', { limit: 25, offset: 0, filter, sort: undefined });
    const url = new URL(api.sent[0]!.url, 'http://x');
    expect(url.pathname).toBe('/webhook/book-list');
    expect([...url.searchParams.keys()]).toEqual(['limit', 'offset', 'filter']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual(filter);
  });

  test('sends JSON bodies, wrapping them outside api/, webhook/ and auth/', async () => {
    const api = fakeApi(ok);
    const { http } = client(api);
    await http.post('webhook/book-queue', { book_id: 'b1' });
    await http.put('services/rating', { rating_id: 'r1' });
    await http.patch('other', { a: 1 }, { feedSource: true });
    await http.delete('webhook/content-access-history', { id: 'h1' });
    expect(api.sent.map((r) => [r.method, r.body])).toEqual([
      ['POST', '{"book_id":"b1"}'],
      ['PUT', '{"data":{"rating_id":"r1"}}'],
      ['PATCH', '{"a":1}'],
      ['DELETE', '{"id":"h1"}'],
    ]);
    expect(api.sent.every((r) => r.headers['content-type'] === 'application/vnd.api+json')).toBe(true);
  });

  test('sends a form as-is and lets the browser choose its content type', async () => {
    const api = fakeApi(ok);
    const { http } = client(api);
    const form = new FormData();
    form.append('fileName', 'cover.png');
    await http.post('storage/uploadobject', form);
    expect(api.sent[0]!.body).toBe(form);
    expect(api.sent[0]!.headers['content-type']).toBeUndefined();
  });

  test('resolves an empty body to an empty list', async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const { http } = client(api);
    await expect(http.delete('webhook/user-follow', { id: 'u1' })).resolves.toEqual([]);
  });

  test('turns a failed fetch into "Something went wrong!" without refreshing', async () => {
    const api = fakeApi(() => Promise.reject(new TypeError('fetch failed')));
    const { http, refresh } = client(api);
    const error = await http.get('webhook/menu').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network_error', message: 'Something went wrong!', status: undefined });
    expect(refresh).not.toHaveBeenCalled();
  });

  test('rejects with the error of errors[0] or error', async () => {
    const api = fakeApi((request) =>
      request.url.endsWith('/a')
        ? json(422, { errors: [{ code: 'invalid_voucher', message: 'The voucher code you entered is wrong' }] })
        : json(500, { error: 'Server exploded' }),
    );
    const { http } = client(api);
    await expect(http.post('webhook/a', {})).rejects.toMatchObject({ status: 422, code: 'invalid_voucher', message: 'The voucher code you entered is wrong' });
    await expect(http.post('webhook/b', {})).rejects.toMatchObject({ status: 500, code: 'http_500', message: 'Server exploded' });
  });
});
