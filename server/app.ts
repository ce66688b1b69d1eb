import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { notFound, respondToError } from './http/errors.ts';
import { authRoutes } from './routes/auth.ts';
import { shellRoutes } from './routes/shell.ts';
import { storageRoutes } from './routes/storage.ts';
import { bookRoutes } from './routes/books.ts';
import { borrowRoutes } from './routes/borrow.ts';
import { queueRoutes } from './routes/queue.ts';
import { ratingRoutes } from './routes/ratings.ts';
import { socialRoutes } from './routes/social.ts';
import { epustakaRoutes } from './routes/epustaka.ts';
import { libraryRoutes } from './routes/libraries.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { librarySettingsRoutes } from './routes/library-settings.ts';
import { specListRoutes } from './routes/spec-lists.ts';
import { streamRoutes } from './routes/stream.ts';
import { ingestRoutes } from './routes/ingest.ts';
import { readingRoutes } from './routes/reading.ts';
import { shelfRoutes } from './routes/shelf.ts';
import { readingPreferencesRoutes } from './routes/reading-preferences.ts';
import { registerRoutes } from './routes/register.ts';
import { accountRoutes, accountWebhookRoutes } from './routes/account.ts';
import { firstAdminRoutes } from './routes/first-admin.ts';
import { storageUploadRoutes } from './routes/storage-upload.ts';
import { districtRoutes } from './routes/districts.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { feedRoutes } from './routes/feeds.ts';
import { commentRoutes } from './routes/comments.ts';
import { searchRoutes } from './routes/search.ts';
import { peopleRoutes } from './routes/people.ts';
import { newsRoutes } from './routes/news.ts';
import { mediaRoutes } from './routes/media.ts';
import { qrRoutes } from './routes/qr.ts';
import { homeRoutes } from './routes/home.ts';
import { pushRoutes } from './routes/push.ts';
import { publicBookRoutes } from './routes/public-books.ts';
import { offlineRoutes } from './routes/offline.ts';
import { commerceRoutes } from './commerce/routes.ts';
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
  app.route('/storage', storageRoutes(deps));
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
  // The payment sandbox delivers its notifications to the API's own notification route.
  app.route('/webhook', commerceRoutes(deps, (request) => Promise.resolve(app.fetch(new Request('http://api.internal/webhook/payment-notification', request)))));
  app.notFound((c) => respondToError(notFound('not_found', `No such endpoint: ${c.req.method} ${c.req.path}`), c));
  app.onError(respondToError);
  return app;
}

export type Api = ReturnType<typeof createApi>;
