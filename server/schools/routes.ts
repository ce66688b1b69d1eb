import { Hono, type Context } from 'hono';
import { joinRequestSchema, regencyListQuerySchema, schoolCheckQuerySchema, schoolListQuerySchema, schoolRegisterSchema } from '../../src/lib/schools/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { containsPattern, listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { findSchool, listProvinces, listRegencies, mySchools, searchSchools } from './schools.repository.ts';
import { FieldErrors, registerSchool, requestToJoin } from './join.service.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * The answer of a form with several field errors: every one of them, each with its field, so the
 * page can put each message under its own field.
 */
export function fieldErrorsBody(c: Context, error: FieldErrors) {
  return c.json({ errors: error.fields.map((f) => ({ code: f.code, message: `${f.field}: ${f.code}`, field: f.field })) }, 400);
}

/**
 * webhook/province-list, regency-list, school-list, school-check (public: the join and register
 * forms' pickers), school-my-list, school-join-request and school-register (signed in).
 */
export function schoolRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  const cached = (c: Context) => c.header('Cache-Control', 'public, max-age=3600');

  app.get('/province-list', async (c) => {
    cached(c);
    return c.json({ data: await listProvinces(deps.db) });
  });

  app.get('/regency-list', async (c) => {
    const { province } = queryParams(c, regencyListQuerySchema);
    cached(c);
    return c.json({ data: await listRegencies(deps.db, province) });
  });

  app.get('/school-list', async (c) => {
    const query = queryParams(c, schoolListQuerySchema);
    const page = await searchSchools(deps.db, { regencyCode: query.regency, pattern: query.q ? containsPattern(query.q) : null, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  // Whether a school with this NPSN is registered, before registering it.
  app.get('/school-check', async (c) => {
    const { npsn } = queryParams(c, schoolCheckQuerySchema);
    const school = await findSchool(deps.db, { npsn });
    return c.json({ data: { exists: school !== null, school: school ? { id: school.id, name: school.name, regency_name: school.regency_name } : null } });
  });

  app.get('/school-my-list', auth, async (c) => c.json({ data: await mySchools(deps.db, c.get('caller').user.id) }));

  app.post('/school-join-request', auth, async (c) => {
    const input = await jsonBody(c, joinRequestSchema);
    try {
      return c.json({ data: await requestToJoin(deps, c.get('caller').user, input) }, 201);
    } catch (error) {
      if (error instanceof FieldErrors) return fieldErrorsBody(c, error);
      throw error;
    }
  });

  app.post('/school-register', auth, async (c) => {
    const input = await jsonBody(c, schoolRegisterSchema);
    return c.json({ data: await registerSchool(deps, c.get('caller').user, input) }, 201);
  });

  return app;
}
