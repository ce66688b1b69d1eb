import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoContext();
});
afterAll(() => ctx.close());

describe('the demo school library', () => {
  test('has two pending requests, members with an end date, a helping admin, and not the student', async () => {
    const { rows } = await ctx.db.query<{ email: string; member_status: number; expires_at: string | null; is_admin: boolean; id: string | null }>(
      `SELECT u.email, m.member_status, m.expires_at, m.is_admin, m.id FROM epustaka_members m
         JOIN users u ON u.id = m.user_id JOIN epustaka e ON e.id = m.epustaka_id
        WHERE e.epustaka_name = 'Pustaka SMA Harapan Bangsa' ORDER BY u.email`,
    );
    const byUser = new Map(rows.map((r) => [r.email.split('@')[0]!, r]));
    expect(rows.filter((r) => r.member_status === 0).map((r) => r.email).sort()).toEqual(['rina@demo.id', 'yoga@demo.id']);
    expect(rows.filter((r) => r.member_status === 1).length).toBeGreaterThanOrEqual(3);
    expect(byUser.get('guru')).toMatchObject({ is_admin: true, member_status: 1 });
    expect(new Date(byUser.get('andi')!.expires_at!).getTime()).toBeGreaterThan(Date.now());
    expect(byUser.has('siswa')).toBe(false);
    expect(rows.every((r) => typeof r.id === 'string')).toBe(true);
  });
});
