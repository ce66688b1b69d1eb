import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createEpustaka } from '../test/catalogue.ts';
import { createSchool, slotAndMeeting, type SchoolFixture } from './testing.ts';

/* A teacher adds an article every student may read (of a public library) as a material; students find its link. */

let ctx: TestContext;
let f: SchoolFixture;
let meetingId: string;
let publicLib: string;
let privateLib: string;

async function article(title: string, epustakaId: string | null, status = 1): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO news (organization_id, news_title, news_content, news_status) VALUES ($1, $2, '<p>Isi</p>', $3) RETURNING id`,
    [ctx.config.organizationId, title, status],
  );
  if (epustakaId) await ctx.db.query('INSERT INTO epustaka_news (epustaka_id, news_id) VALUES ($1, $2)', [epustakaId, rows[0]!.id]);
  return rows[0]!.id;
}

const add = (token: string, body: Record<string, unknown>) => ctx.request('POST', '/webhook/subject-material', { token, body: { meeting_id: meetingId, kind: 'article', ...body } });
const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meeting_materials WHERE meeting_id = $1', [meetingId])).rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createSchool(ctx);
  ({ meetingId } = await slotAndMeeting(ctx, f, '2026-11-30'));
  publicLib = await createEpustaka(ctx, { name: 'Pustaka Terbuka' });
  privateLib = await createEpustaka(ctx, { name: 'Pustaka Tertutup', isPrivate: true });
});
afterAll(() => ctx.close());

describe('an article as a material', () => {
  test('the teacher finds a public library’s article by title and adds it; the student sees its title and link', async () => {
    const id = await article('Hemat Energi di Sekolah', publicLib);
    await article('Energi Rahasia', privateLib);
    await article('Energi Draf', publicLib, 0);
    const found = await ctx.request('GET', '/webhook/subject-material-article-list?q=energi', { token: f.teacher.token });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([{ id, title: 'Hemat Energi di Sekolah' }]);
    const added = await add(f.teacher.token, { article_id: id });
    expect(added.status).toBe(201);
    const student = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(student.body.data.materials).toEqual([expect.objectContaining({ kind: 'article', title: 'Hemat Energi di Sekolah', article: { id, title: 'Hemat Energi di Sekolah' } })]);
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND event = $2', [f.student.id, 'schedule_material']);
    expect(rows[0]).toEqual({ n: 1 });
  });

  test('an unknown, private-only, unheld or draft article, a bad id, or a non-teacher is refused with a code, and nothing is added', async () => {
    const before = await count();
    for (const articleId of [crypto.randomUUID(), await article('Hanya Anggota', privateLib), await article('Tanpa Pustaka', null), await article('Draf', publicLib, 0)]) {
      const refused = await add(f.teacher.token, { article_id: articleId });
      expect(refused.status).toBe(404);
      expect(refused.body.errors[0].code).toBe('article_not_found');
    }
    const bad = await add(f.teacher.token, { article_id: 'bukan-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_article_id');
    const byStudent = await add(f.student.token, { article_id: await article('Terbuka Lagi', publicLib) });
    expect(byStudent.status).toBe(403);
    expect(byStudent.body.errors[0].code).toBe('not_class_teacher');
    expect(await count()).toBe(before);
  });

  test('removing the article removes the material', async () => {
    const id = await article('Akan Dihapus', publicLib);
    expect((await add(f.teacher.token, { article_id: id })).status).toBe(201);
    const before = await count();
    await ctx.db.query('DELETE FROM news WHERE id = $1', [id]);
    expect(await count()).toBe(before - 1);
  });
});
