import { describe, expect, test } from 'vitest';
import { SIGN_IN_AGAIN_COOKIE, signInAgainCookie, signInAgainEmail } from './sign-in-again.ts';

describe('sign-in-again note', () => {
  test('the cookie is scoped to /login, short-lived and carries the address', () => {
    const cookie = signInAgainCookie(' Siswa+1@Demo.id ', false);
    expect(cookie.startsWith(`${SIGN_IN_AGAIN_COOKIE}=siswa%2B1%40demo.id;`)).toBe(true);
    expect(cookie).toContain('Path=/login');
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain('Secure');
    expect(signInAgainCookie('a@b.id', true)).toContain('Secure');
  });

  test('reads the address back and refuses anything else', () => {
    expect(signInAgainEmail('siswa%2B1%40demo.id')).toBe('siswa+1@demo.id');
    expect(signInAgainEmail(undefined)).toBeNull();
    expect(signInAgainEmail('%E0%A4%A')).toBeNull();
    expect(signInAgainEmail('not-an-email')).toBeNull();
    expect(signInAgainEmail(encodeURIComponent('<script>@x.y z'))).toBeNull();
  });
});
