import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  classDetailQuerySchema,
  classImportFieldsSchema,
  classListQuerySchema,
  classMemberRemoveSchema,
  classMemberSchema,
  classSchema,
  joinRequestListQuerySchema,
  joinVerificationSchema,
  schoolMemberListQuerySchema,
  classUpdateSchema,
  schoolItemRemoveSchema,
  schoolQuerySchema,
  schoolYearSchema,
  schoolYearUpdateSchema,
  subjectSchema,
  subjectUpdateSchema,
} from '../../src/lib/schools/schema.ts';
import { CLASS_LIST_MAX_BYTES } from '../../src/lib/schools/rules.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { containsPattern, listBody } from '../http/list-params.ts';
import { check, jsonBody, queryParams } from '../http/validate.ts';
import { requireSchoolAdmin } from './membership.repository.ts';
import { listPeople } from './schools.repository.ts';
import { listClasses, listSubjects, listYears } from './classes.repository.ts';
import { addClass, addClassMember, addSubject, addYear, classDetail, decideJoinRequest, removeClassMember } from './admin.service.ts';
import { BulkUploadInvalid, importClassList } from './import.service.ts';
import { changeClass, changeSubject, changeYear, removeClass, removeSubject, removeYear } from './edit.service.ts';
import { FieldErrors } from './join.service.ts';
import { fieldErrorsBody } from './routes.ts';
import type { ApiDeps } from '../deps.ts';

/** The school admin's calls: join requests, people, years, classes, subjects, class members, the class list import. */
export function schoolAdminRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  const me = (c: { get(key: 'caller'): { user: { id: string } } }) => c.get('caller').user.id;

  app.get('/school-join-request-list', auth, async (c) => {
    const query = queryParams(c, joinRequestListQuerySchema);
    await requireSchoolAdmin(deps.db, query.school_id, me(c));
    return c.json(listBody(await listPeople(deps.db, { schoolId: query.school_id, status: 0, limit: query.limit, offset: query.offset }), query));
  });

  app.put('/school-join-verification', auth, async (c) => {
    const input = await jsonBody(c, joinVerificationSchema);
    return c.json({ data: await decideJoinRequest(deps, me(c), input) });
  });

  app.get('/school-member-list', auth, async (c) => {
    const query = queryParams(c, schoolMemberListQuerySchema);
    await requireSchoolAdmin(deps.db, query.school_id, me(c));
    const page = await listPeople(deps.db, { schoolId: query.school_id, status: 1, role: query.role, pattern: query.q ? containsPattern(query.q) : null, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/school-year-list', auth, async (c) => {
    const { school_id } = queryParams(c, schoolQuerySchema);
    await requireSchoolAdmin(deps.db, school_id, me(c));
    return c.json({ data: await listYears(deps.db, school_id) });
  });

  app.post('/school-year', auth, async (c) => {
    const input = await jsonBody(c, schoolYearSchema);
    try {
      return c.json({ data: await addYear(deps, me(c), input) }, 201);
    } catch (error) {
      if (error instanceof FieldErrors) return fieldErrorsBody(c, error);
      throw error;
    }
  });

  app.get('/school-class-list', auth, async (c) => {
    const query = queryParams(c, classListQuerySchema);
    await requireSchoolAdmin(deps.db, query.school_id, me(c));
    return c.json({ data: await listClasses(deps.db, query.school_id, query.school_year_id ?? null) });
  });

  app.post('/school-class', auth, async (c) => c.json({ data: await addClass(deps, me(c), await jsonBody(c, classSchema)) }, 201));

  app.get('/school-class-detail', auth, async (c) => c.json({ data: await classDetail(deps, me(c), queryParams(c, classDetailQuerySchema).class_id) }));

  app.get('/school-subject-list', auth, async (c) => {
    const { school_id } = queryParams(c, schoolQuerySchema);
    await requireSchoolAdmin(deps.db, school_id, me(c));
    return c.json({ data: await listSubjects(deps.db, school_id) });
  });

  app.post('/school-subject', auth, async (c) => c.json({ data: await addSubject(deps, me(c), await jsonBody(c, subjectSchema)) }, 201));

  app.post('/school-class-member', auth, async (c) => {
    await addClassMember(deps, me(c), await jsonBody(c, classMemberSchema));
    return c.json({ data: { added: true } }, 201);
  });

  app.delete('/school-class-member', auth, async (c) => {
    await removeClassMember(deps, me(c), await jsonBody(c, classMemberRemoveSchema));
    return c.json({ data: { removed: true } });
  });

  // Corrections and removals: what holds students' work is refused with a 409 (see edit.service.ts).
  app.patch('/school-year', auth, async (c) => {
    const input = await jsonBody(c, schoolYearUpdateSchema);
    try {
      return c.json({ data: await changeYear(deps, me(c), input) });
    } catch (error) {
      if (error instanceof FieldErrors) return fieldErrorsBody(c, error);
      throw error;
    }
  });
  app.patch('/school-class', auth, async (c) => c.json({ data: await changeClass(deps, me(c), await jsonBody(c, classUpdateSchema)) }));
  app.patch('/school-subject', auth, async (c) => c.json({ data: await changeSubject(deps, me(c), await jsonBody(c, subjectUpdateSchema)) }));
  const removals = { '/school-year': removeYear, '/school-class': removeClass, '/school-subject': removeSubject } as const;
  for (const [path, remove] of Object.entries(removals)) {
    app.delete(path, auth, async (c) => {
      await remove(deps, me(c), (await jsonBody(c, schoolItemRemoveSchema)).id);
      return c.json({ data: { removed: true } });
    });
  }

  // multipart: school_id, school_year_id, dry_run ("true" for a preview), file (CSV or XLSX).
  app.post(
    '/school-class-import',
    bodyLimit({
      maxSize: CLASS_LIST_MAX_BYTES + 16 * 1024,
      onError: () => {
        throw new ApiError(413, 'file_too_large', 'The class list must be smaller than 1 MB.', { field: 'file' });
      },
    }),
    auth,
    async (c) => {
      let form: Record<string, string | File>;
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>;
      } catch (cause) {
        throw new ApiError(400, 'invalid_form', 'Send the class list as multipart/form-data.', { cause });
      }
      const fields = check(classImportFieldsSchema, { school_id: form.school_id, school_year_id: form.school_year_id, dry_run: form.dry_run ?? undefined });
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file_required', 'Choose a class list file.', 'file');
      if (file.size > CLASS_LIST_MAX_BYTES) throw new ApiError(413, 'file_too_large', 'The class list must be smaller than 1 MB.', { field: 'file' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      try {
        const result = await importClassList(deps, c.get('caller').user, { schoolId: fields.school_id, yearId: fields.school_year_id, bytes, dryRun: fields.dry_run === 'true' });
        return c.json({ data: result }, fields.dry_run === 'true' ? 200 : 201);
      } catch (error) {
        if (!(error instanceof BulkUploadInvalid)) throw error;
        const message = 'The class list has rows with errors; nothing was imported.';
        return c.json({ errors: [{ code: 'bulk_upload_invalid', message, field: 'file' }], data: error.result }, 400);
      }
    },
  );

  return app;
}
