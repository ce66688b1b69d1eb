import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { createApi } from '../app.ts';
import { attachObject } from '../storage/objects.repository.ts';
import { choice, enrol, makeSchool, makeTryout } from './testing.ts';

/*
 * The pictures of a quiz's questions: attached when the quiz is saved (only the teacher's own
 * picture upload; anything else refused with nothing saved), and seen by exactly those who may see
 * a question showing them.
 */

let ctx: TestContext;
let app: ReturnType<typeof createApi>;
let objectsDir: string;
let teacher: Caller;
let otherTeacher: Caller;
let taker: Caller;
let idle: Caller;
let elsewhere: Caller;
let school: Awaited<ReturnType<typeof makeSchool>>;

beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-quiz-pictures-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  app = createApi(ctx.deps);
  school = await makeSchool(ctx, 0);
  const other = await makeSchool(ctx, 1);
  teacher = await createCaller(ctx, { name: 'Andi' });
  otherTeacher = await createCaller(ctx, { name: 'Bagus' });
  taker = await createCaller(ctx, { name: 'Sekar' });
  idle = await createCaller(ctx, { name: 'Dewi' });
  elsewhere = await createCaller(ctx, { name: 'Luar' });
  await enrol(ctx, school, teacher.id, 'teacher');
  await enrol(ctx, school, taker.id, 'student');
  await enrol(ctx, school, idle.id, 'student');
  await enrol(ctx, other, otherTeacher.id, 'teacher');
  await enrol(ctx, other, elsewhere.id, 'student');
});
afterAll(async () => {
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(who: Caller, path = 'images/quizzes'): Promise<string> {
  const form = new FormData();
  form.set('bucketName', ctx.config.organizationId);
  form.set('storagePath', path);
  form.set('fileName', 'soal.png');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'soal.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { objId: string } }).data.objId;
}

/** The status and cache rule of GET storage/object/{id} as `who` (a visitor when null). */
async function view(id: string, who: Caller | null): Promise<[number, string | null]> {
  const res = await app.request(`/storage/object/${id}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  await res.arrayBuffer();
  return [res.status, res.status === 200 ? res.headers.get('cache-control') : null];
}

const SEEN: [number, string] = [200, 'private, no-store'];
const UNSEEN: [number, string | null] = [404, null];

const quiz = (pictures: (string | null)[]) => ({
  class_id: school.classId,
  title: 'Kuis Bangun Datar',
  duration_minutes: 20,
  opens_at: new Date(Date.now() - 60_000).toISOString(),
  closes_at: new Date(Date.now() + 3_600_000).toISOString(),
  passing_grade: 60,
  questions: pictures.map((id, i) => ({
    type: 'single', body: `Soal ${i + 1}`, image_url: id && `/storage/object/${id}`, options: [{ body: 'A', correct: true }, { body: 'B', correct: false }],
  })),
});

async function writtenPictures(quizId: string): Promise<(string | null)[]> {
  const read = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${quizId}`, { token: teacher.token });
  return read.body.data.questions.map((q: { image_url: string | null }) => q.image_url);
}

describe('a class quiz’s pictures', () => {
  test('are seen by the class’s teachers and by a student whose attempt shows them, by nobody else', async () => {
    const picture = await upload(teacher);
    const created = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: quiz([null, picture]) });
    expect(created.status).toBe(200);
    const quizId = created.body.data.quiz_id as string;
    await ctx.request('POST', '/webhook/quiz-publish', { token: teacher.token, body: { quiz_id: quizId } });
    const started = await ctx.request('POST', '/webhook/quiz-check', { token: taker.token, body: { quiz_id: quizId, start_key: 'pictures-1' } });
    expect(started.status).toBe(200);

    const questions = await ctx.request('GET', `/webhook/quiz-question-list?attempt_id=${started.body.data.attempt_id}`, { token: taker.token });
    expect(questions.body.data.questions[1].image_url).toBe(`/storage/object/${picture}`);
    expect(await view(picture, teacher)).toEqual(SEEN);
    expect(await view(picture, taker)).toEqual(SEEN);
    expect(await view(picture, idle)).toEqual(UNSEEN);
    expect(await view(picture, elsewhere)).toEqual(UNSEEN);
    expect(await view(picture, otherTeacher)).toEqual(UNSEEN);
    expect(await view(picture, null)).toEqual(UNSEEN);

    // Handed in, a class quiz's review is open to its taker at once, with the pictures.
    await ctx.request('POST', '/webhook/quiz-submit', { token: taker.token, body: { attempt_id: started.body.data.attempt_id } });
    expect(await view(picture, taker)).toEqual(SEEN);
    expect(await view(picture, idle)).toEqual(UNSEEN);
  });

  test('a picture taken off (or its question) is deleted with the next save; a kept one stays', async () => {
    const [kept, dropped] = [await upload(teacher), await upload(teacher)];
    const created = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: quiz([kept, dropped, dropped]) });
    const quizId = created.body.data.quiz_id as string;
    expect(await writtenPictures(quizId)).toEqual([`/storage/object/${kept}`, `/storage/object/${dropped}`, `/storage/object/${dropped}`]);
    const edit = await ctx.request('POST', '/webhook/quiz-update', { token: teacher.token, body: { quiz_id: quizId, quiz: quiz([kept, null]) } });
    expect(edit.status).toBe(200);
    expect(await view(kept, teacher)).toEqual(SEEN);
    expect(await view(dropped, teacher)).toEqual(UNSEEN);
    const { rows } = await ctx.db.query('SELECT 1 FROM storage_objects WHERE id = $1', [dropped]);
    expect(rows).toEqual([]);
  });

  test('anything but the teacher’s own picture upload is refused at save, and nothing is saved', async () => {
    const created = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: quiz([null]) });
    const quizId = created.body.data.quiz_id as string;
    const foreign = await upload(otherTeacher);
    const post = await upload(teacher, 'images/posts');
    const notPicture = await upload(teacher);
    // An object whose bytes are not a picture (as one brought over from an older store may be).
    await ctx.deps.store.put(`objects/${notPicture.slice(0, 2)}/${notPicture}`, new TextEncoder().encode('%PDF-1.4 bukan gambar'));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const quizzes = async () => (await ctx.db.query('SELECT count(*)::int AS n FROM quizzes')).rows[0].n as number;
    const before = await quizzes();

    const cases: [string | null, string, string][] = [
      [foreign, 'invalid_image', 'questions.1.image_url'],
      [post, 'invalid_image', 'questions.1.image_url'],
      [unknown, 'invalid_image', 'questions.1.image_url'],
      [notPicture, 'image_type', 'questions.1.image_url'],
    ];
    for (const [id, code, field] of cases) {
      const update = await ctx.request('POST', '/webhook/quiz-update', { token: teacher.token, body: { quiz_id: quizId, quiz: { ...quiz([null, id]), title: 'Diubah' } } });
      expect([update.status, update.body.errors[0].code, update.body.errors[0].field]).toEqual([400, code, field]);
      const create = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: quiz([null, id]) });
      expect([create.status, create.body.errors[0].code]).toEqual([400, code]);
    }
    const external = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: { ...quiz([null]), questions: [{ ...quiz([null]).questions[0], image_url: 'https://example.org/soal.png' }] } });
    expect([external.status, external.body.errors[0].code]).toEqual([400, 'invalid_image_url']);

    expect(await quizzes()).toBe(before);
    const read = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${quizId}`, { token: teacher.token });
    expect([read.body.data.title, read.body.data.questions.length]).toEqual(['Kuis Bangun Datar', 1]);
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM storage_objects WHERE id = ANY($1::uuid[]) AND attached_kind IS NOT NULL', [[foreign, post, notPicture]]);
    expect(rows[0].n).toBe(0);
    expect(await view(foreign, teacher)).toEqual(UNSEEN);
  });
});

describe('a tryout’s pictures', () => {
  test('follow the tryout: a paid package’s only for those taking it, a later subtest’s once it starts, the review’s once scored', async () => {
    const owner = await createCaller(ctx, { name: 'Penyusun' });
    const picture = await upload(owner);
    const second = { ...choice('S2Q1'), image_url: `/storage/object/${picture}` };
    const quizId = await makeTryout(ctx, { price: 25_000, linear: true, questions: [[choice('S1Q1')], [second]] });
    await attachObject(ctx.db, picture, { kind: 'QUIZ', id: quizId });
    await ctx.db.query(`INSERT INTO quiz_access (quiz_id, user_id, source, granted_at) VALUES ($1, $2, 'voucher', now())`, [quizId, taker.id]);

    expect(await view(picture, owner)).toEqual(UNSEEN);
    const started = await ctx.request('POST', '/webhook/quiz-check', { token: taker.token, body: { quiz_id: quizId, start_key: 'pictures-tryout' } });
    const attemptId = started.body.data.attempt_id as string;
    expect(await view(picture, taker)).toEqual(UNSEEN);
    await ctx.request('POST', '/webhook/quiz-subtest-finish', { token: taker.token, body: { attempt_id: attemptId, subtest: 1 } });
    expect(await view(picture, taker)).toEqual(SEEN);
    expect(await view(picture, idle)).toEqual(UNSEEN);

    await ctx.request('POST', '/webhook/quiz-submit', { token: taker.token, body: { attempt_id: attemptId } });
    expect(await view(picture, taker)).toEqual(UNSEEN);
    await ctx.db.query('UPDATE quizzes SET scored_at = now() WHERE id = $1', [quizId]);
    expect(await view(picture, taker)).toEqual(SEEN);
    expect(await view(picture, null)).toEqual(UNSEEN);
  });
});
