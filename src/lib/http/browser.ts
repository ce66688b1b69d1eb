import { createHttpClient } from './http.ts';
import { handleSessionExpired } from './session-expiry.ts';
import { resetClientState } from '../shell/app-store.ts';

/** Renews the session: the web server reads the refresh cookie and sets new cookies. */
async function refresh(): Promise<boolean> {
  const res = await fetch('/auth/refresh-token', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  return res.ok;
}

/**
 * The API client islands use: same-origin calls through the web server, which attaches the bearer;
 * a 401 renews the session once for every waiting call.
 */
export const api = createHttpClient({
  refresh,
  onSessionExpired: () =>
    handleSessionExpired({
      pathname: window.location.pathname,
      search: window.location.search,
      clearLocal: resetClientState,
      reload: () => window.location.reload(),
      assign: (url) => window.location.assign(url),
    }),
});
