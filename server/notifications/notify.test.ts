import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { notify, onNotification, type StoredNotification } from './notify.ts';
import { NOTIFICATION_EVENTS } from '../../src/lib/notifications/rules.ts';
import { createT } from '../../src/lib/i18n/texts.server.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function rowsOf(userId: string) {
  const { rows } = await ctx.db.query<{ event: string; params: Record<string, unknown>; link: string; dedupe_key: string | null }>(
    'SELECT event, params, link, dedupe_key FROM notifications WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

describe('notify', () => {
  test('stores a notification and tells the listeners once per dedupe key', async () => {
    const user = await ctx.createUser();
    const heard: StoredNotification[] = [];
    const stop = onNotification((n) => heard.push(n));
    try {
      const input = { userId: user.id, type: 'FEED' as const, event: 'like', params: { name: 'Sekar' }, link: '/timeline/detail/x', dedupeKey: 'like:1' };
      await notify(ctx.db, input);
      await notify(ctx.db, input);
      await notify(ctx.db, { ...input, dedupeKey: 'like:2' });
      expect(await rowsOf(user.id)).toEqual([
        { event: 'like', params: { name: 'Sekar' }, link: '/timeline/detail/x', dedupe_key: 'like:1' },
        { event: 'like', params: { name: 'Sekar' }, link: '/timeline/detail/x', dedupe_key: 'like:2' },
      ]);
      expect(heard.map((n) => [n.userId, n.event, n.params.name])).toEqual([
        [user.id, 'like', 'Sekar'],
        [user.id, 'like', 'Sekar'],
      ]);
    } finally {
      stop();
    }
    await notify(ctx.db, { userId: user.id, type: 'FEED', event: 'comment', link: '/timeline' });
    expect(heard).toHaveLength(2);
  });

  test('without a key every call notifies; the same key of another user is another notification', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    await notify(ctx.db, { userId: a.id, type: 'BOOK', event: 'recommend', link: '/book/1' });
    await notify(ctx.db, { userId: a.id, type: 'BOOK', event: 'recommend', link: '/book/1' });
    await notify(ctx.db, { userId: a.id, type: 'FEED', event: 'follow', link: '/profil/user/1', dedupeKey: 'follow:1' });
    await notify(ctx.db, { userId: b.id, type: 'FEED', event: 'follow', link: '/profil/user/1', dedupeKey: 'follow:1' });
    expect(await rowsOf(a.id)).toHaveLength(3);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });

  test('concurrent calls with one key notify exactly once', async () => {
    const user = await ctx.createUser();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.db.transaction((tx) => notify(tx, { userId: user.id, type: 'TRANSACTION', event: 'loan_due', link: '/shelf', dedupeKey: 'loan_due:7' })),
      ),
    );
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test("stands or falls with the caller's transaction", async () => {
    const user = await ctx.createUser();
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, { userId: user.id, type: 'FEED', event: 'like', link: '/timeline', dedupeKey: 'like:rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(user.id)).toEqual([]);
    await notify(ctx.db, { userId: user.id, type: 'FEED', event: 'like', link: '/timeline', dedupeKey: 'like:rolled-back' });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test('an unknown type is refused by the database', async () => {
    const user = await ctx.createUser();
    await expect(notify(ctx.db, { userId: user.id, type: 'NEWS' as never, event: 'like', link: '/' })).rejects.toThrow();
  });

  test('every event has its text in both languages', () => {
    for (const lang of ['id', 'en'] as const) {
      const t = createT(lang);
      for (const event of NOTIFICATION_EVENTS) {
        expect(t(`notifications.events.${event}`, { defaultValue: '' }), `${lang} ${event}`).not.toBe('');
      }
    }
  });
});
