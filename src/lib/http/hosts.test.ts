import { describe, expect, test } from 'vitest';
import { DEFAULT_HOSTS, hostKindFor, resolveHosts, shouldAttachBearer, urlFor } from './hosts.ts';

describe('hostKindFor', () => {
  test('sends webhook and auth paths to the backend', () => {
    expect(hostKindFor('webhook/book-list')).toBe('backend');
    expect(hostKindFor('webhook/menu?platform=web')).toBe('backend');
    expect(hostKindFor('auth/login')).toBe('backend');
    expect(hostKindFor('/auth/refresh-token')).toBe('backend');
  });

  test('sends paths naming borrow to the agent, even under webhook/', () => {
    expect(hostKindFor('webhook/borrow')).toBe('agent');
    expect(hostKindFor('webhook/check-borrow-status')).toBe('agent');
    expect(hostKindFor('webhook/book-borrow-shelf')).toBe('agent');
  });

  test('sends storage paths and object uploads and streams to storage', () => {
    expect(hostKindFor('storage/uploadobject')).toBe('storage');
    expect(hostKindFor('/storage/removeobject')).toBe('storage');
    expect(hostKindFor('uploadobject')).toBe('storage');
    expect(hostKindFor('api/streamobject/abc')).toBe('storage');
  });

  test('sends everything else to the main host', () => {
    expect(hostKindFor('api/v1/books')).toBe('main');
    expect(hostKindFor('graphql')).toBe('main');
  });

  test('looks at the path only, not its query string', () => {
    expect(hostKindFor('api/books?q=borrow')).toBe('main');
    expect(hostKindFor('api/books?sort=author')).toBe('main');
  });
});

describe('resolveHosts', () => {
  test('is same-origin without the legacy rule by default', () => {
    expect(resolveHosts()).toEqual(DEFAULT_HOSTS);
    for (const host of Object.values(resolveHosts())) expect(host).toEqual({ baseURL: '', legacyNoBearer: false });
  });

  test('lays the given hosts over the defaults kind by kind', () => {
    const hosts = resolveHosts({ agent: { baseURL: 'https://agent.example', legacyNoBearer: true }, storage: { baseURL: 'https://files.example' } });
    expect(hosts.agent).toEqual({ baseURL: 'https://agent.example', legacyNoBearer: true });
    expect(hosts.storage).toEqual({ baseURL: 'https://files.example', legacyNoBearer: false });
    expect(hosts.main).toEqual(DEFAULT_HOSTS.main);
  });
});

describe('shouldAttachBearer', () => {
  const legacy = { baseURL: '', legacyNoBearer: true };
  const own = { baseURL: '' };

  test('attaches the bearer to every path of our own API', () => {
    for (const path of ['auth/account', 'webhook/borrow', 'api/services/x', 'webhook/menu']) {
      expect(shouldAttachBearer(path, own)).toBe(true);
    }
  });

  test('leaves it off auth, services and borrow paths on a legacy host', () => {
    expect(shouldAttachBearer('auth/login', legacy)).toBe(false);
    expect(shouldAttachBearer('api/services/book', legacy)).toBe(false);
    expect(shouldAttachBearer('webhook/borrow', legacy)).toBe(false);
    expect(shouldAttachBearer('webhook/menu', legacy)).toBe(true);
  });
});

describe('urlFor', () => {
  test('joins base URL and path with exactly one slash', () => {
    expect(urlFor('', 'webhook/menu')).toBe('/webhook/menu');
    expect(urlFor('', '/webhook/menu')).toBe('/webhook/menu');
    expect(urlFor('http://api.internal/', 'auth/login')).toBe('http://api.internal/auth/login');
    expect(urlFor('https://a.example/v1', 'x?y=1')).toBe('https://a.example/v1/x?y=1');
  });
});
