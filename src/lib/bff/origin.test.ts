import { describe, expect, test } from 'vitest';
import { refuseForeignOrigin } from './origin.ts';

/*
 * The web server refuses every unsafe page or API request from another site before any page or
 * API call runs, whatever its content type (the API's own check: server/security/origin.test.ts).
 */

describe('the web server', () => {
  const at = (path: string, method: string, headers: Record<string, string>) => {
    const url = new URL(path, 'http://localhost:4321');
    return refuseForeignOrigin(new Request(url, { method, headers }), url, 'https://epustaka.example');
  };

  test('refuses an unsafe page or API request from another origin, whatever its type', async () => {
    for (const path of ['/login', '/register', '/logout', '/setting', '/webhook/borrow', '/auth/login', '/storage/uploadobject']) {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const res = at(path, 'POST', { origin: 'https://evil.example', 'content-type': type });
        expect(res?.status).toBe(403);
      }
    }
    const api = at('/auth/login', 'POST', { origin: 'https://evil.example' });
    expect((await api!.json()).errors[0].code).toBe('foreign_origin');
    expect(at('/webhook/borrow', 'DELETE', { 'sec-fetch-site': 'cross-site' })?.status).toBe(403);
  });

  test('lets its own origin, PUBLIC_URL, safe methods and requests without Origin through', () => {
    expect(at('/webhook/borrow', 'POST', { origin: 'http://localhost:4321' })).toBeNull();
    expect(at('/webhook/borrow', 'POST', { origin: 'https://epustaka.example' })).toBeNull();
    expect(at('/webhook/borrow', 'POST', {})).toBeNull();
    expect(at('/books', 'GET', { origin: 'https://evil.example' })).toBeNull();
  });
});
