import { describe, expect, test } from 'vitest';
import { hostPolicy, isOwnHost, isOwnLoopbackHost, publicOrigin } from './public-origin.ts';
import { loadAccountSettings } from '../accounts/settings.ts';

/*
 * Absolute URLs come from the configured public origin, and the web server answers only the
 * site's own host names: a forged Host can neither reach a page nor end up in one.
 */

describe('the public origin', () => {
  test('is the address the server prints unless PUBLIC_URL says otherwise', () => {
    expect(publicOrigin({})).toBe('http://localhost:4321');
    expect(publicOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicOrigin({ HOST: '127.0.0.1', PORT: '4412' })).toBe('http://127.0.0.1:4412');
    expect(publicOrigin({ HOST: '::1', PORT: '4412' })).toBe('http://[::1]:4412');
    expect(publicOrigin({ SERVER_CERT_PATH: 'c', SERVER_KEY_PATH: 'k' })).toBe('https://localhost:4321');
    expect(publicOrigin({ PUBLIC_URL: 'https://Perpustakaan.example.id/', PORT: '8080' })).toBe('https://perpustakaan.example.id');
    expect(publicOrigin({ PUBLIC_URL: 'http://perpustakaan.example.id:8443/x' })).toBe('http://perpustakaan.example.id:8443');
  });

  test('refuses a PUBLIC_URL that is not an http or https address', () => {
    expect(() => publicOrigin({ PUBLIC_URL: 'perpustakaan.example.id' })).toThrow(/PUBLIC_URL/);
    expect(() => publicOrigin({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => hostPolicy({ ALLOWED_HOSTS: 'ok.example, not a host' })).toThrow(/ALLOWED_HOSTS/);
  });

  test('is what mailed links start with, whatever host a request named', () => {
    expect(loadAccountSettings('/tmp', true, { PUBLIC_URL: 'https://perpustakaan.example.id' }).publicUrl).toBe('https://perpustakaan.example.id');
    expect(loadAccountSettings('/tmp', true, { HOST: '127.0.0.1', PORT: '4412' }).publicUrl).toBe('http://127.0.0.1:4412');
  });
});

describe('the hosts the web server answers', () => {
  const policy = hostPolicy({ PUBLIC_URL: 'https://perpustakaan.example.id', ALLOWED_HOSTS: '10.0.0.7:4321, health.internal' });
  const own = (host: string | undefined, port = 4321) => isOwnHost(host, port, false, policy);

  test('the public host, loopback names on its own port, and ALLOWED_HOSTS', () => {
    expect(['perpustakaan.example.id', 'PERPUSTAKAAN.example.id', 'perpustakaan.example.id:443'].every((h) => own(h))).toBe(true);
    expect(['localhost:4321', '127.0.0.1:4321', '[::1]:4321'].every((h) => own(h))).toBe(true);
    expect(['10.0.0.7:4321', 'health.internal', 'health.internal:9000'].every((h) => own(h))).toBe(true);
  });

  test('nothing else, however it is spelled', () => {
    const foreign = [
      'evil.example',
      'evil.example:4321',
      'perpustakaan.example.id:8080',
      'perpustakaan.example.id.evil.example',
      'localhost:4322',
      '127.0.0.1',
      '10.0.0.7:80',
      'localhost:4321@evil.example',
      'evil.example/localhost:4321',
      '',
      undefined,
    ];
    expect(foreign.filter((h) => own(h))).toEqual([]);
  });

  test("the outbox's own name: a loopback name on the port the connection came in on", () => {
    expect(isOwnLoopbackHost('localhost:4321', 4321, false)).toBe(true);
    expect(isOwnLoopbackHost('localhost', 80, false)).toBe(true);
    expect(isOwnLoopbackHost('localhost', 443, true)).toBe(true);
    expect(isOwnLoopbackHost('evil.example:4321', 4321, false)).toBe(false);
    expect(isOwnLoopbackHost('perpustakaan.example.id', 4321, false)).toBe(false);
    expect(isOwnLoopbackHost('localhost:4321', 8787, false)).toBe(false);
    expect(isOwnLoopbackHost('localhost:4321', undefined, false)).toBe(false);
  });
});
