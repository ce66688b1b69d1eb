import { createApi } from '../app.ts';
import type { TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';

/** A school with one class taught by `teacher`, two enrolled students, and people outside it. */
export interface SchoolFixture {
  schoolId: string;
  classId: string;
  otherClassId: string;
  subjectId: string;
  teacher: Caller;
  student: Caller;
  student2: Caller;
  /** A student of the school's other class. */
  otherStudent: Caller;
  /** Someone of no school. */
  outsider: Caller;
}

let npsn = 30_000_000;

/** Makes a school keeping time in `zone`, with its class, subject and people (all approved). */
export async function createSchool(ctx: TestContext, zone: SchoolTimeZone = 'Asia/Jakarta'): Promise<SchoolFixture> {
  await ctx.db.query(`INSERT INTO provinces (code, name) VALUES ('32', 'Jawa Barat') ON CONFLICT DO NOTHING`);
  await ctx.db.query(`INSERT INTO regencies (code, province_code, name) VALUES ('32.73', '32', 'Kota Bandung') ON CONFLICT DO NOTHING`);
  npsn += 1;
  const { rows: school } = await ctx.db.query<{ id: string }>(
    `INSERT INTO schools (organization_id, npsn, name, level, status, province_code, regency_code, time_zone)
     VALUES ($1, $2, 'SMA Uji', 'SMA', 'negeri', '32', '32.73', $3) RETURNING id`,
    [ctx.config.organizationId, String(npsn), zone],
  );
  const schoolId = school[0]!.id;
  const { rows: year } = await ctx.db.query<{ id: string }>('INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, 2026, 2027) RETURNING id', [schoolId]);
  const { rows: subject } = await ctx.db.query<{ id: string }>(`INSERT INTO subjects (school_id, name) VALUES ($1, 'Matematika') RETURNING id`, [schoolId]);
  const classOf = async (name: string) =>
    (await ctx.db.query<{ id: string }>('INSERT INTO classes (school_id, school_year_id, name, grade) VALUES ($1, $2, $3, 11) RETURNING id', [schoolId, year[0]!.id, name])).rows[0]!.id;
  const classId = await classOf('XI IPA 1');
  const otherClassId = await classOf('XI IPS 2');
  const person = async (name: string, role: 'teacher' | 'student' | null, inClass: string | null) => {
    const caller = await createCaller(ctx, { name });
    if (role) {
      await ctx.db.query('INSERT INTO school_members (school_id, user_id, role, status, full_name) VALUES ($1, $2, $3, 1, $4)', [schoolId, caller.id, role, name]);
      await ctx.db.query('INSERT INTO class_members (class_id, user_id, role, subject_id) VALUES ($1, $2, $3, $4)', [inClass, caller.id, role, role === 'teacher' ? subject[0]!.id : null]);
    }
    return caller;
  };
  return {
    schoolId,
    classId,
    otherClassId,
    subjectId: subject[0]!.id,
    teacher: await person('Bu Guru', 'teacher', classId),
    student: await person('Ani', 'student', classId),
    student2: await person('Budi', 'student', classId),
    otherStudent: await person('Citra', 'student', otherClassId),
    outsider: await person('Dedi', null, null),
  };
}

/** Posts a multipart form (a file upload) to the API. */
export async function postForm(ctx: TestContext, path: string, token: string, fields: Record<string, string | Blob>, fileName = 'tugas.pdf') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else form.set(name, value, fileName);
  }
  const res = await createApi(ctx.deps).request(path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text, headers: res.headers };
}

/** Gets raw bytes from the API. */
export async function getBytes(ctx: TestContext, path: string, token: string) {
  const res = await createApi(ctx.deps).request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

/** A tiny PDF's bytes (the signature is what counts). */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Adds a Monday slot (lesson hours `from`..`to`) and answers the meeting of the week holding `date`. */
export async function slotAndMeeting(ctx: TestContext, f: SchoolFixture, date: string, from = 1, to = 2): Promise<{ slotId: string; meetingId: string }> {
  const slot = await ctx.request('POST', '/webhook/timetable-slot', { token: f.teacher.token, body: { class_id: f.classId, day_of_week: 1, lesson_from: from, lesson_to: to, subject_id: f.subjectId, room: 'R. 12' } });
  if (slot.status !== 201) throw new Error(JSON.stringify(slot.body));
  const week = await ctx.request('GET', `/webhook/schedule-list?date=${date}&class_id=${f.classId}`, { token: f.teacher.token });
  const meeting = week.body.data.meetings.find((m: { lesson_from: number }) => m.lesson_from === from);
  return { slotId: slot.body.data.id, meetingId: meeting.id };
}
