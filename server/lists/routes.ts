import { Hono } from 'hono';
import {
  epustakaAvailableQuerySchema,
  organizationDropdownQuerySchema,
  readingDurationListQuerySchema,
  readingProgressListQuerySchema,
} from '../../src/lib/lists/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { notFound } from '../http/errors.ts';
import { listBody } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { findAvailability } from '../media/availability.repository.ts';
import { listReadingDurations, listReadingProgress } from '../reader/reading-lists.repository.ts';
import { listOrganizations } from '../accounts/organizations.repository.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * webhook/epustaka-available, book-reading-progress-list, book-reading-duration-list (signed in;
 * the caller's own data only) and organization-dropdown (anyone, for registering).
 */
export function specListRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const { db } = deps;
  const auth = requireCaller(deps);

  app.get('/epustaka-available', auth, async (c) => {
    const { collection_id } = queryParams(c, epustakaAvailableQuerySchema);
    const { user } = c.get('caller');
    const data = await findAvailability(db, collection_id, user.id, user.organization_id, deps.now());
    if (!data) throw notFound('collection_not_found', 'The content could not be found.');
    return c.json({ data });
  });

  app.get('/book-reading-progress-list', auth, async (c) => {
    const query = queryParams(c, readingProgressListQuerySchema);
    const page = await listReadingProgress(db, { userId: c.get('caller').user.id, bookId: query.book_id, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/book-reading-duration-list', auth, async (c) => {
    const query = queryParams(c, readingDurationListQuerySchema);
    const page = await listReadingDurations(db, { userId: c.get('caller').user.id, bookId: query.book_id, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/organization-dropdown', async (c) => {
    const query = queryParams(c, organizationDropdownQuerySchema);
    // With one organisation, registering can only join the product's own.
    const onlyId = deps.config.multiOrganization ? null : deps.config.organizationId;
    return c.json(listBody(await listOrganizations(db, { q: query.q, onlyId, limit: query.limit, offset: query.offset }), query));
  });

  return app;
}
