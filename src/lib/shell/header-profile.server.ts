import { fetchProfile } from './api.ts';
import type { HeaderProfile } from './schema.ts';
import { serverApi } from '../bff/api-client.server.ts';

export type { HeaderProfile };

type Context = Parameters<typeof serverApi>[0];

const perRequest = new WeakMap<Request, Promise<HeaderProfile | null>>();

/**
 * The signed-in, verified user's name and avatar for the header (and the home greeting), loaded
 * once per request, so the page arrives with them instead of a blank until a script runs. Null for
 * visitors, and when the profile cannot be loaded (the islands then load it themselves).
 */
export function headerProfile(context: Context): Promise<HeaderProfile | null> {
  const { session } = context.locals;
  if (!session.authenticated || !session.verified) return Promise.resolve(null);
  let pending = perRequest.get(context.request);
  if (!pending) {
    pending = (async () => {
      try {
        const profile = await fetchProfile(await serverApi(context));
        return { id: profile.id, name: profile.name, email: profile.email, avatar_url: profile.avatar_url };
      } catch (error) {
        console.error('The header profile could not be loaded', error);
        return null;
      }
    })();
    perRequest.set(context.request, pending);
  }
  return pending;
}
