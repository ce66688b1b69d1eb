import { isPublicAuthRoute, loginLocation, publicVariantOf } from '../site/routes.ts';

/** The page's location and the effects of leaving it, passed in so the rule stays testable. */
export interface SessionExpiryContext {
  pathname: string;
  search: string;
  /** Forgets everything this browser stored for the session. */
  clearLocal: () => void;
  reload: () => void;
  assign: (url: string) => void;
}

/**
 * What happens when the session cannot be renewed (spec 03 §4.9): local state is cleared; a page
 * with a public variant reloads in place (it comes back in its public version); any other page
 * goes to /login, remembering the path and query. On an auth screen there is nothing to
 * remember, so it goes to plain /login.
 */
export function handleSessionExpired(context: SessionExpiryContext): void {
  context.clearLocal();
  if (publicVariantOf(context.pathname)) {
    context.reload();
  } else if (isPublicAuthRoute(context.pathname)) {
    context.assign('/login');
  } else {
    context.assign(loginLocation(context.pathname, context.search));
  }
}
