import { describe, expect, test, vi } from 'vitest';
import { handleSessionExpired } from './session-expiry.ts';

function run(pathname: string, search = '') {
  const effects = { clearLocal: vi.fn(), reload: vi.fn(), assign: vi.fn() };
  handleSessionExpired({ pathname, search, ...effects });
  return effects;
}

describe('handleSessionExpired', () => {
  test('reloads a page with a public variant in place', () => {
    const effects = run('/book/0b8f1c9e-2f1a-4d7e-9c55-1f6b8f3a2e10/epustaka-1', '?tab=review');
    expect(effects.clearLocal).toHaveBeenCalledTimes(1);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(effects.assign).not.toHaveBeenCalled();
  });

  test('sends any other page to /login, remembering path and query', () => {
    const effects = run('/shelf', '?tab=queue&page=2');
    expect(effects.clearLocal).toHaveBeenCalledTimes(1);
    expect(effects.reload).not.toHaveBeenCalled();
    expect(effects.assign).toHaveBeenCalledWith('/login?next=%2Fshelf%3Ftab%3Dqueue%26page%3D2');
  });

  test('sends an auth screen to plain /login', () => {
    expect(run('/not-activated').assign).toHaveBeenCalledWith('/login');
  });
});
