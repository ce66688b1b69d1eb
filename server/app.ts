import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { notFound, respondToError } from './http/errors.ts';
import { authRoutes } from './auth/routes.ts';
import { shellRoutes } from './shell/routes.ts';
import { coverRoutes } from './covers/routes.ts';
import { bookRoutes } from './catalogue/routes.ts';
import { borrowRoutes } from './lending/routes.ts';
import { queueRoutes } from './queue/routes.ts';
import { ratingRoutes } from './ratings/routes.ts';
import { socialRoutes } from './social/routes.ts';
import { epustakaRoutes } from './libraries/epustaka-routes.ts';
import { libraryRoutes } from './libraries/routes.ts';
import { membershipRoutes } from './libraries/membership-routes.ts';
import { librarySettingsRoutes } from './libraries/settings-routes.ts';
import { specListRoutes } from './lists/routes.ts';
import { streamRoutes } from './reader/stream-routes.ts';
import { ingestRoutes } from './reader/ingest-routes.ts';
import { readingRoutes } from './reader/reading-routes.ts';
import { shelfRoutes } from './shelf/routes.ts';
import { readingPreferencesRoutes } from './reader/preferences-routes.ts';
import { registerRoutes } from './accounts/register-routes.ts';
import { accountRoutes, accountWebhookRoutes } from './accounts/routes.ts';
import { firstAdminRoutes } from './accounts/first-admin-routes.ts';
import { storageUploadRoutes } from './storage/upload-routes.ts';
import { districtRoutes } from './regions/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { feedRoutes } from './feed/routes.ts';
import { commentRoutes } from './comments/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { newsRoutes } from './media/news-routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { qrRoutes } from './qr/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { publicBookRoutes } from './catalogue/public-routes.ts';
import { offlineRoutes } from './offline/routes.ts';
import { commerceRoutes } from './commerce/routes.ts';
import { schoolRoutes } from './schools/routes.ts';
import { schoolAdminRoutes } from './schools/admin-routes.ts';
import { schooldayRoutes } from './schoolday/routes.ts';
import { quizRoutes } from './quizzes/routes.ts';
import { classReadingRoutes } from './class-reading/routes.ts';
import { loginThrottle } from './accounts/rate-limit.ts';
import { accountSettings } from './accounts/settings.ts';
import { requestGuard } from './http/request-guard.ts';
import { limitNotifications } from './notifications/notify.ts';
import { allowNotification } from './limits/write-limits.ts';
import type { ApiDeps } from './deps.ts';

/** The reference API: one router per resource, mounted at the spec's paths. */
export function createApi(deps: ApiDeps) {
  const app = new Hono();
  app.onError(respondToError);
  limitNotifications((tx, senderId, userId) => allowNotification(deps, tx, senderId, userId));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer is made rebuilds it as a full fetch
    // Response (a body stream and all) on every call.
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Method, origin, media type and size, before any router reads the request.
  app.use(requestGuard(() => [new URL(accountSettings(deps).publicUrl).origin]));
  // Sign-in throttling must see auth/login before the auth router answers it.
  app.use('/auth/login', loginThrottle(deps));
  app.route('/auth', authRoutes(deps));
  app.route('/webhook', shellRoutes(deps));
  app.route('/storage', coverRoutes(deps));
  app.route('/auth', registerRoutes(deps));
  app.route('/auth', accountRoutes(deps));
  app.route('/auth', firstAdminRoutes(deps));
  app.route('/webhook', accountWebhookRoutes(deps));
  app.route('/webhook', districtRoutes(deps));
  app.route('/storage', storageUploadRoutes(deps));
  app.route('/webhook', bookRoutes(deps));
  app.route('/webhook', borrowRoutes(deps));
  app.route('/webhook', queueRoutes(deps));
  app.route('/webhook', ratingRoutes(deps));
  app.route('/webhook', socialRoutes(deps));
  app.route('/webhook', epustakaRoutes(deps));
  app.route('/webhook', libraryRoutes(deps));
  app.route('/webhook', membershipRoutes(deps));
  app.route('/webhook', librarySettingsRoutes(deps));
  app.route('/webhook', specListRoutes(deps));
  app.route('/storage', streamRoutes(deps));
  app.route('/storage', ingestRoutes(deps));
  app.route('/webhook', readingRoutes(deps));
  app.route('/webhook', shelfRoutes(deps));
  app.route('/webhook', readingPreferencesRoutes(deps));
  app.route('/webhook', notificationRoutes(deps));
  app.route('/webhook', feedRoutes(deps));
  app.route('/webhook', commentRoutes(deps));
  app.route('/webhook', searchRoutes(deps));
  app.route('/webhook', peopleRoutes(deps));
  app.route('/webhook', newsRoutes(deps));
  app.route('/', mediaRoutes(deps));
  app.route('/webhook', qrRoutes(deps));
  app.route('/webhook', homeRoutes(deps));
  app.route('/webhook', pushRoutes(deps));
  app.route('/webhook', publicBookRoutes(deps));
  app.route('/webhook', offlineRoutes(deps));
  app.route('/webhook', schoolRoutes(deps));
  app.route('/webhook', schoolAdminRoutes(deps));
  app.route('/webhook', schooldayRoutes(deps));
  // The payment sandbox delivers its notifications to the API's own notification route.
  app.route('/webhook', commerceRoutes(deps, (request) => Promise.resolve(app.fetch(new Request('http://api.internal/webhook/payment-notification', request)))));
  app.route('/webhook', quizRoutes(deps));
  app.route('/webhook', classReadingRoutes(deps));
  app.notFound((c) => respondToError(notFound('not_found', `No such endpoint: ${c.req.method} ${c.req.path}`), c));
  app.onError(respondToError);
  return app;
}

export type Api = ReturnType<typeof createApi>;
