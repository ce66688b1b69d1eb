import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  articleSearchQuerySchema,
  assignmentSchema,
  assignmentUpdateSchema,
  attendanceSchema,
  eventResponseSchema,
  gradeSchema,
  idQuerySchema,
  mandatoryBookSchema,
  materialSchema,
  personalEventSchema,
  requiredBookQuerySchema,
  scheduleListQuerySchema,
  timetableSlotSchema,
} from '../../src/lib/schoolday/schema.ts';
import { SCHOOL_DOCUMENT_MAX_BYTES } from '../../src/lib/schoolday/values.ts';
import { uuidField } from '../../src/lib/contract/params.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { assertStorableText, check, jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { ObjectNotFoundError } from '../storage/object-store.ts';
import * as timetable from './timetable.service.ts';
import * as meetings from './meeting.service.ts';
import * as work from './assignments.service.ts';
import * as events from './events.service.ts';
import { downloadHeaders } from './files.ts';

const slotUpdateSchema = z.object({ id: uuidField('invalid_id') }).passthrough();
const classQuerySchema = z.object({ class_id: uuidField('invalid_class_id') });
const peopleQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** Reads a multipart form; strings are checked as every text is. */
async function formOf(c: Context): Promise<Record<string, string | File>> {
  let form: Record<string, string | File>;
  try {
    form = (await c.req.parseBody()) as Record<string, string | File>;
  } catch (cause) {
    throw new ApiError(400, 'invalid_form', 'Send this as multipart/form-data.', { cause });
  }
  for (const [name, value] of Object.entries(form)) if (typeof value === 'string') assertStorableText(value, name);
  return form;
}

const fileBodyLimit = bodyLimit({
  maxSize: SCHOOL_DOCUMENT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new ApiError(413, 'file_too_large', 'The file is larger than allowed.', { field: 'file' });
  },
});

async function download(deps: ApiDeps, c: Context, file: { key: string; name: string; type: string }) {
  let bytes: Buffer;
  try {
    bytes = await deps.store.get(file.key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound('file_not_found', 'The file is gone.');
    throw error;
  }
  return c.body(new Uint8Array(bytes), 200, downloadHeaders(file.name, file.type, bytes.length));
}

/** The school day's endpoints under webhook/: timetable, meetings, materials, assignments, attendance, events. */
export function schooldayRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  const id = (c: Context) => queryParams(c, idQuerySchema).id;

  app.get('/schedule-list', auth, async (c) => c.json({ data: await timetable.scheduleWeek(deps, c.get('caller').user, queryParams(c, scheduleListQuerySchema)) }));
  app.get('/schedule-today', auth, async (c) => c.json({ data: await timetable.scheduleToday(deps, c.get('caller').user) }));
  app.get('/timetable-slot-list', auth, async (c) => c.json({ data: await timetable.slotList(deps, c.get('caller').user, queryParams(c, classQuerySchema).class_id) }));
  app.post('/timetable-slot', auth, async (c) => c.json({ data: await timetable.addSlot(deps, c.get('caller').user, await jsonBody(c, timetableSlotSchema)) }, 201));
  app.patch('/timetable-slot', auth, async (c) => {
    const raw = await jsonBody(c, slotUpdateSchema);
    return c.json({ data: await timetable.changeSlot(deps, c.get('caller').user, raw.id, check(timetableSlotSchema, raw)) });
  });
  app.delete('/timetable-slot', auth, async (c) => {
    await timetable.removeSlot(deps, c.get('caller').user, id(c));
    return c.json({ data: { deleted: true } });
  });

  app.get('/schedule-detail-student', auth, async (c) => c.json({ data: await meetings.studentDetail(deps, c.get('caller').user, id(c)) }));
  app.get('/schedule-detail-teacher', auth, async (c) => c.json({ data: await meetings.teacherDetail(deps, c.get('caller').user, id(c)) }));
  app.get('/schedule-student-list', auth, async (c) => c.json({ data: await meetings.studentAttendance(deps, c.get('caller').user, id(c)) }));
  app.post('/attendance', auth, async (c) => {
    await meetings.takeAttendance(deps, c.get('caller').user, await jsonBody(c, attendanceSchema));
    return c.json({ data: { saved: true } });
  });

  app.get('/subject-material-list', auth, async (c) => c.json({ data: await meetings.materialList(deps, c.get('caller').user, id(c)) }));
  app.post('/subject-material', auth, async (c) => c.json({ data: { id: await meetings.addMaterial(deps, c.get('caller').user, await jsonBody(c, materialSchema)) } }, 201));
  app.get('/subject-material-article-list', auth, async (c) => c.json({ data: await meetings.articleChoices(deps, c.get('caller').user, queryParams(c, articleSearchQuerySchema).q || undefined) }));
  app.post('/subject-material-file', fileBodyLimit, auth, async (c) => {
    const form = await formOf(c);
    const meetingId = check(uuidField('invalid_meeting_id'), form.meeting_id);
    if (!(form.file instanceof File)) throw badRequest('file_required', 'Choose a file to upload.', 'file');
    const title = typeof form.title === 'string' ? form.title.trim().slice(0, 200) : '';
    return c.json({ data: { id: await meetings.addMaterialFile(deps, c.get('caller').user, meetingId, title, form.file) } }, 201);
  });
  app.get('/subject-material-file', auth, async (c) => download(deps, c, await meetings.materialFile(deps, c.get('caller').user, id(c))));
  app.delete('/subject-material', auth, async (c) => {
    await meetings.removeMaterial(deps, c.get('caller').user, id(c));
    return c.json({ data: { deleted: true } });
  });
  app.get('/mandatory-book-list', auth, async (c) => c.json({ data: await meetings.requiredBookList(deps, c.get('caller').user, queryParams(c, requiredBookQuerySchema).id) }));
  app.post('/mandatory-book', auth, async (c) => {
    const input = await jsonBody(c, mandatoryBookSchema);
    await meetings.addRequiredBook(deps, c.get('caller').user, input.meeting_id, input.book_id);
    return c.json({ data: { added: true } }, 201);
  });

  app.post('/assignment', auth, async (c) => c.json({ data: { id: await work.addAssignment(deps, c.get('caller').user, await jsonBody(c, assignmentSchema)) } }, 201));
  app.patch('/assignment', auth, async (c) => {
    await work.changeAssignment(deps, c.get('caller').user, await jsonBody(c, assignmentUpdateSchema));
    return c.json({ data: { saved: true } });
  });
  app.post('/assignment-delivery', fileBodyLimit, auth, async (c) => {
    const form = await formOf(c);
    const assignmentId = check(uuidField('invalid_assignment_id'), form.assignment_id);
    const file = form.file instanceof File && form.file.size > 0 ? form.file : null;
    const text = typeof form.text === 'string' ? form.text : null;
    return c.json({ data: await work.handIn(deps, c.get('caller').user, { assignment_id: assignmentId, text, file }) }, 201);
  });
  app.get('/assignment-delivery-list', auth, async (c) => c.json({ data: await work.deliveryList(deps, c.get('caller').user, id(c)) }));
  app.get('/assignment-delivery-file', auth, async (c) => download(deps, c, await work.deliveryFile(deps, c.get('caller').user, id(c))));
  app.post('/assignment-grade', auth, async (c) => {
    await work.grade(deps, c.get('caller').user, await jsonBody(c, gradeSchema));
    return c.json({ data: { saved: true } });
  });
  app.post('/assignment-delivery-reopen', auth, async (c) => {
    await work.reopen(deps, c.get('caller').user, (await jsonBody(c, idQuerySchema)).id);
    return c.json({ data: { reopened: true } });
  });

  app.post('/personal-event', auth, async (c) => c.json({ data: { id: await events.createEvent(deps, c.get('caller').user, await jsonBody(c, personalEventSchema)) } }, 201));
  app.get('/personal-event-detail', auth, async (c) => c.json({ data: await events.eventDetail(deps, c.get('caller').user, id(c)) }));
  app.get('/personal-event-participant-list', auth, async (c) => c.json({ data: await events.participantList(deps, c.get('caller').user, id(c)) }));
  app.post('/personal-event-response', auth, async (c) => {
    const input = await jsonBody(c, eventResponseSchema);
    await events.respondToEvent(deps, c.get('caller').user, input.id, input.status);
    return c.json({ data: { status: input.status } });
  });
  app.get('/school-people', auth, async (c) => c.json({ data: await events.invitablePeople(deps, c.get('caller').user, queryParams(c, peopleQuerySchema).q || undefined) }));

  return app;
}
