import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';
import { classRoleOf, requireClassMember, requireClassTeacher, requireSchoolAdmin, schoolOfUser, schoolRoleOf } from './membership.repository.ts';

let ctx: TestContext;
const ids = new Map<string, string>();
let ipa: string;
let ips: string;
let school: string;

beforeAll(async () => {
  ctx = await createDemoContext();
  const { rows } = await ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM users');
  for (const r of rows) ids.set(r.email.split('@')[0]!, r.id);
  const { rows: classes } = await ctx.db.query<{ id: string; name: string; school_id: string }>('SELECT id, name, school_id FROM classes');
  ipa = classes.find((c) => c.name === 'XI IPA 1')!.id;
  ips = classes.find((c) => c.name === 'XI IPS 2')!.id;
  school = classes[0]!.school_id;
});
afterAll(() => ctx.close());

describe('school and class membership', () => {
  test('knows each demo person by role, and not a waiting request', async () => {
    expect(await schoolRoleOf(ctx.db, school, ids.get('pustakawan')!)).toBe('admin');
    expect(await schoolRoleOf(ctx.db, school, ids.get('belum')!)).toBeNull();
    expect(await classRoleOf(ctx.db, ipa, ids.get('siswa')!)).toBe('student');
    expect(await classRoleOf(ctx.db, ipa, ids.get('andi')!)).toBe('teacher');
    expect(await classRoleOf(ctx.db, ips, ids.get('siswa')!)).toBeNull();
    expect(await schoolOfUser(ctx.db, ids.get('siswa')!)).toMatchObject({ name: 'SMA Harapan Bangsa', role: 'student', time_zone: 'Asia/Jakarta' });
    expect(await schoolOfUser(ctx.db, ids.get('belum')!)).toBeNull();
  });

  test('a membership that is no longer approved no longer counts in its classes', async () => {
    await ctx.db.query('UPDATE school_members SET status = 2 WHERE user_id = $1', [ids.get('rina')]);
    expect(await classRoleOf(ctx.db, ipa, ids.get('rina')!)).toBeNull();
    await ctx.db.query('UPDATE school_members SET status = 1 WHERE user_id = $1', [ids.get('rina')]);
  });

  test('the guards answer coded 403 and 404', async () => {
    await expect(requireClassTeacher(ctx.db, ipa, ids.get('siswa')!)).rejects.toMatchObject({ status: 403, code: 'not_class_teacher' });
    await expect(requireClassTeacher(ctx.db, '00000000-0000-4000-8000-000000000000', ids.get('guru')!)).rejects.toMatchObject({ status: 404, code: 'class_not_found' });
    await expect(requireClassTeacher(ctx.db, ipa, ids.get('guru')!)).resolves.toBeUndefined();
    await expect(requireClassMember(ctx.db, ips, ids.get('siswa')!)).rejects.toMatchObject({ status: 403, code: 'not_class_member' });
    await expect(requireClassMember(ctx.db, ipa, ids.get('rina')!)).resolves.toBe('student');
    await expect(requireSchoolAdmin(ctx.db, school, ids.get('guru')!)).rejects.toMatchObject({ status: 403, code: 'not_school_admin' });
    await expect(requireSchoolAdmin(ctx.db, school, ids.get('pustakawan')!)).resolves.toBeUndefined();
  });
});
