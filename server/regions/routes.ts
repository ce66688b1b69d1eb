import { Hono } from 'hono';
import { districtListQuerySchema } from '../../src/lib/account/schema.ts';
import { listDistricts } from '../accounts/repository.ts';
import { containsPattern, parseFilter, type FilterField } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';

const filterFields = { name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['d.name'] } } satisfies Record<string, FilterField>;

/** webhook/district-list: Indonesia's districts, searchable by name, without a session (spec 02 §6). */
export function districtRoutes(deps: ApiDeps) {
  const app = new Hono();

  app.get('/district-list', async (c) => {
    const query = queryParams(c, districtListQuerySchema);
    const conditions = parseFilter(query.filter, filterFields);
    const text = query.q || (conditions[0]?.value as string | undefined);
    const { rows, total } = await listDistricts(deps.db, {
      pattern: text ? containsPattern(String(text)) : null,
      limit: query.limit,
      offset: query.offset,
    });
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ data: rows, meta: { total, limit: query.limit, offset: query.offset } });
  });

  return app;
}
