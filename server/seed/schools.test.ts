import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoContext();
});
afterAll(() => ctx.close());

describe('the demo school', () => {
  test('sits in Kota Bandung on WIB with its library, a school year that runs now, and two classes', async () => {
    const { rows } = await ctx.db.query<{ name: string; regency: string; time_zone: string; library: string | null; start_year: number; end_year: number; classes: string[] }>(
      `SELECT s.name, r.name AS regency, s.time_zone, e.epustaka_name AS library, y.start_year, y.end_year,
              (SELECT array_agg(c.name ORDER BY c.name) FROM classes c WHERE c.school_id = s.id) AS classes
         FROM schools s JOIN regencies r ON r.code = s.regency_code LEFT JOIN epustaka e ON e.id = s.epustaka_id
         JOIN school_years y ON y.school_id = s.id`,
    );
    expect(rows).toHaveLength(1);
    const school = rows[0]!;
    expect(school).toMatchObject({ name: 'SMA Harapan Bangsa', time_zone: 'Asia/Jakarta', library: 'Pustaka SMA Harapan Bangsa', classes: ['XI IPA 1', 'XI IPS 2'] });
    expect(school.regency).toMatch(/Bandung/i);
    const year = new Date().getUTCFullYear();
    expect([year - 1, year]).toContain(school.start_year);
    expect(school.end_year).toBe(school.start_year + 1);
  });

  test('has the librarian as admin, two teachers, Sekar and Rina in XI IPA 1 and a waiting request', async () => {
    const { rows } = await ctx.db.query<{ email: string; role: string; status: number; class: string | null }>(
      `SELECT u.email, m.role, m.status,
              (SELECT c.name FROM class_members cm JOIN classes c ON c.id = cm.class_id WHERE cm.user_id = u.id AND cm.role = 'student') AS class
         FROM school_members m JOIN users u ON u.id = m.user_id ORDER BY u.email`,
    );
    const byUser = new Map(rows.map((r) => [r.email.split('@')[0]!, r]));
    expect(byUser.get('pustakawan')).toMatchObject({ role: 'admin', status: 1 });
    expect(rows.filter((r) => r.role === 'teacher' && r.status === 1).map((r) => r.email).sort()).toEqual(['andi@demo.id', 'guru@demo.id']);
    expect(byUser.get('siswa')).toMatchObject({ role: 'student', status: 1, class: 'XI IPA 1' });
    expect(byUser.get('rina')).toMatchObject({ class: 'XI IPA 1' });
    expect(byUser.get('belum')).toMatchObject({ status: 0, class: null });
  });

  test('refuses a second class of the same name in a year and a year that ends before it starts', async () => {
    const { rows } = await ctx.db.query<{ school_id: string; school_year_id: string }>(`SELECT school_id, school_year_id FROM classes LIMIT 1`);
    const c = rows[0]!;
    await expect(ctx.db.query(`INSERT INTO classes (school_id, school_year_id, name, grade) VALUES ($1, $2, 'xi ipa 1', 11)`, [c.school_id, c.school_year_id])).rejects.toThrow();
    await expect(ctx.db.query('INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, 2030, 2029)', [c.school_id])).rejects.toThrow();
  });
});
