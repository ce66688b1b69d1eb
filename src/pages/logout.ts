import type { APIRoute } from 'astro';
import { getApiFetch } from '../lib/bff/api-fetch.server.ts';
import { signOut } from '../lib/bff/auth.server.ts';

/**
 * Signing out from a plain form (the profile menu before its script has loaded): ends the session
 * at the API, clears the session cookies and asks the browser to clear this site's stored state
 * (local storage: cached profile, stored search, push token), then goes to /login.
 */
export const POST: APIRoute = async (context) => {
  await signOut(await getApiFetch(), context.cookies);
  const response = context.redirect('/login', 303);
  response.headers.set('Clear-Site-Data', '"storage"');
  return response;
};
