import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCaller, createCallers, type Caller } from '../test/catalogue.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { onNotification, type StoredNotification } from '../notifications/notify.ts';
import { readWriteLimits, WRITE_ACTIONS, type WriteAction } from '../limits/settings.ts';
import { createApi } from '../app.ts';

/*
 * The limits on writes that reach other people (README "Limits"): each write past its allowance
 * within the window is refused with 429, Retry-After and a coded body, and stores nothing; an
 * address has its own allowance across accounts; a sender notifies one recipient only so often an
 * hour, while the action itself still succeeds.
 */

let ctx: TestContext;
let app: ReturnType<typeof createApi>;
let objectsDir: string;
let bookId: string;

beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-limits-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  overrideAccountSettings(ctx.deps, { log: () => {} });
  app = createApi(ctx.deps);
  bookId = await createBook(ctx, { title: 'Bumi Manusia' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

// Every test starts from the defaults, inside one window (the windows are fixed, so a test must not straddle two).
let clock = Date.parse('2026-11-20T01:00:00Z');
afterEach(() => {
  ctx.config.limits = readWriteLimits({});
  ctx.setNow(null);
});
function freezeTime(): Date {
  clock += 3_600_000;
  const now = new Date(clock);
  ctx.setNow(now);
  return now;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Answer = { status: number; body: any; headers: Headers };

function send(caller: Caller, method: string, path: string, body: unknown, ip?: string): Promise<Answer> {
  return ctx.request(method, path, { token: caller.token, body, headers: ip ? { 'x-forwarded-for': ip } : {} });
}

async function upload(caller: Caller): Promise<Answer> {
  const form = new FormData();
  form.set('bucketName', ctx.config.organizationId);
  form.set('storagePath', 'images/posts');
  form.set('fileName', 'post.png');
  form.set('file', new Blob([PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'post.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${caller.token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;
}

async function postOf(author: Caller): Promise<string> {
  const res = await send(author, 'POST', '/webhook/posting', { message: 'Kiriman untuk diuji' });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function commentOn(author: Caller, feedId: string): Promise<string> {
  const res = await send(author, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, comment: 'Komentar' });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

function expectRefused(res: Answer) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(ctx.config.limits.windowSeconds);
  expect(res.body.errors[0]).toMatchObject({ code: 'too_many_requests', retry_after: wait });
  expect(res.body.errors[0].message).toMatch(/^Too many requests\. Try again in /);
}

interface Case {
  /** Makes what the writes need; answers the n-th write and what is stored of this kind for the writer. */
  setup(): Promise<{ writer: Caller; write(i: number): Promise<Answer>; stored(): Promise<number> }>;
}

const CASES: Record<WriteAction, Case> = {
  post: {
    async setup() {
      const writer = await createCaller(ctx);
      return {
        writer,
        write: (i) => send(writer, 'POST', '/webhook/posting', { message: `Kiriman ${i}` }),
        stored: () => count("feeds WHERE sender_id = $1 AND feed_type = 'VISUAL_POST'", [writer.id]),
      };
    },
  },
  comment: {
    async setup() {
      const writer = await createCaller(ctx);
      const feedId = await postOf(writer);
      return {
        writer,
        write: (i) => send(writer, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, comment: `Komentar ${i}` }),
        stored: () => count('comments WHERE user_id = $1', [writer.id]),
      };
    },
  },
  reply: {
    async setup() {
      const writer = await createCaller(ctx);
      const feedId = await postOf(writer);
      const parent = await commentOn(writer, feedId);
      return {
        writer,
        write: (i) => send(writer, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, parent_id: parent, comment: `Balasan ${i}` }),
        stored: () => count('comments WHERE user_id = $1 AND parent_id IS NOT NULL', [writer.id]),
      };
    },
  },
  recommend: {
    async setup() {
      const [writer, friend] = await createCallers(ctx, 2, 'Perekomendasi');
      const body = { feed_type: 'BOOK_RECOMMENDATION', object_type: 'BOOK', object_id: bookId, recommendation_target: [{ id: friend!.id }] };
      return {
        writer: writer!,
        write: () => send(writer!, 'POST', '/webhook/feed', body),
        stored: () => count("feeds WHERE sender_id = $1 AND feed_type = 'BOOK_RECOMMENDATION'", [writer!.id]),
      };
    },
  },
  like: {
    async setup() {
      const [writer, author] = await createCallers(ctx, 2, 'Penyuka');
      await send(writer!, 'POST', '/webhook/user-follow', { user_id: author!.id });
      const feeds: string[] = [];
      for (let i = 0; i < 4; i += 1) feeds.push(await postOf(author!));
      return {
        writer: writer!,
        write: (i) => send(writer!, 'POST', '/webhook/like', { object_type: 'FEED', object_id: feeds[i] }),
        stored: () => count('likes WHERE user_id = $1', [writer!.id]),
      };
    },
  },
  follow: {
    async setup() {
      const [writer, ...others] = await createCallers(ctx, 5, 'Pengikut');
      return {
        writer: writer!,
        write: (i) => send(writer!, 'POST', '/webhook/user-follow', { user_id: others[i]!.id }),
        stored: () => count('follows WHERE follower_id = $1', [writer!.id]),
      };
    },
  },
  report: {
    async setup() {
      const [writer, author] = await createCallers(ctx, 2, 'Pelapor');
      const feedId = await postOf(author!);
      const comments: string[] = [];
      for (let i = 0; i < 4; i += 1) comments.push(await commentOn(author!, feedId));
      await send(writer!, 'POST', '/webhook/user-follow', { user_id: author!.id });
      return {
        writer: writer!,
        write: (i) => send(writer!, 'PUT', '/webhook/comment-report', { comment_id: comments[i], reason: 'spam' }),
        stored: () => count('comment_reports WHERE user_id = $1', [writer!.id]),
      };
    },
  },
  upload: {
    async setup() {
      const writer = await createCaller(ctx);
      return { writer, write: () => upload(writer), stored: () => count('storage_objects WHERE owner_id = $1', [writer.id]) };
    },
  },
};

describe('each write past its allowance is refused and stores nothing', () => {
  test.each(WRITE_ACTIONS)('%s', async (action) => {
    const { write, stored } = await CASES[action].setup();
    freezeTime();
    ctx.config.limits.perUser[action] = 3;
    const before = await stored();
    for (let i = 0; i < 3; i += 1) {
      const res = await write(i);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    expect(await stored()).toBe(before + 3);
    expectRefused(await write(3));
    expect(await stored()).toBe(before + 3);
    // A new window brings a new allowance.
    ctx.setNow(new Date(clock + ctx.config.limits.windowSeconds * 1000));
    expect((await write(3)).status).toBeLessThan(300);
  });

  test('replies and book reviews count against their own allowance, reviews with comments', async () => {
    const writer = await createCaller(ctx);
    freezeTime();
    ctx.config.limits.perUser.comment = 1;
    const feedId = await postOf(writer);
    const parent = await commentOn(writer, feedId);
    // The one comment is used; a review is a comment too, a reply is not.
    expectRefused(await send(writer, 'POST', '/webhook/book-rating', { book_id: bookId, rating_level: 5, rating_comment: 'Bagus' }));
    const reply = await send(writer, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, parent_id: parent, comment: 'Balasan' });
    expect(reply.status).toBe(201);
  });
});

describe('per address', () => {
  test('accounts writing from one address share its allowance; another address has its own', async () => {
    const [first, second] = await createCallers(ctx, 2, 'Sekolah');
    await send(second!, 'POST', '/webhook/user-follow', { user_id: first!.id });
    const feedId = await postOf(first!);
    freezeTime();
    ctx.config.limits.perAddress.comment = 3;
    const comment = (who: Caller, ip: string) => send(who, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, comment: 'Dari lab' }, ip);
    expect((await comment(first!, '203.0.113.9')).status).toBe(201);
    expect((await comment(first!, '203.0.113.9')).status).toBe(201);
    expect((await comment(second!, '203.0.113.9')).status).toBe(201);
    const stored = await count('comments WHERE object_id = $1', [feedId]);
    expectRefused(await comment(second!, '203.0.113.9'));
    expect(await count('comments WHERE object_id = $1', [feedId])).toBe(stored);
    expect((await comment(second!, '198.51.100.9')).status).toBe(201);
  });

  test("a write the address refuses does not use the account's allowance", async () => {
    const writer = await createCaller(ctx);
    freezeTime();
    ctx.config.limits.perUser.post = 2;
    ctx.config.limits.perAddress.post = 1;
    expect((await send(writer, 'POST', '/webhook/posting', { message: 'a' }, '192.0.2.1')).status).toBe(201);
    for (let i = 0; i < 3; i += 1) expectRefused(await send(writer, 'POST', '/webhook/posting', { message: 'b' }, '192.0.2.1'));
    expect((await send(writer, 'POST', '/webhook/posting', { message: 'c' }, '192.0.2.2')).status).toBe(201);
  });

  test('racing writes never pass the allowance together', async () => {
    const writer = await createCaller(ctx);
    freezeTime();
    ctx.config.limits.perUser.post = 5;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(writer, 'POST', '/webhook/posting', { message: `Balap ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(await count("feeds WHERE sender_id = $1 AND feed_type = 'VISUAL_POST'", [writer.id])).toBe(5);
  });
});

describe('notifications one sender causes one recipient', () => {
  test('past the hourly cap the recommendation still succeeds, but makes no notification and no push', async () => {
    const [sender, target, other] = await createCallers(ctx, 3, 'Teman');
    await send(sender!, 'POST', '/webhook/user-follow', { user_id: target!.id });
    const heard: StoredNotification[] = [];
    const stop = onNotification((n) => heard.push(n));
    try {
      const start = freezeTime();
      ctx.config.limits.notificationsPerSenderPerHour = 2;
      const recommend = (to: Caller[]) =>
        send(sender!, 'POST', '/webhook/feed', { feed_type: 'BOOK_RECOMMENDATION', object_type: 'BOOK', object_id: bookId, recommendation_target: to.map((u) => ({ id: u.id })) });
      for (let i = 0; i < 4; i += 1) expect((await recommend([target!])).status).toBe(201);
      expect(await count("feeds WHERE sender_id = $1 AND feed_type = 'BOOK_RECOMMENDATION'", [sender!.id])).toBe(4);
      expect(await count("notifications WHERE user_id = $1 AND event = 'recommend'", [target!.id])).toBe(2);
      expect(heard.filter((n) => n.userId === target!.id)).toHaveLength(2);
      // The cap is per recipient: someone else still hears of it.
      expect((await recommend([target!, other!])).status).toBe(201);
      expect(await count("notifications WHERE user_id = $1 AND event = 'recommend'", [target!.id])).toBe(2);
      expect(await count("notifications WHERE user_id = $1 AND event = 'recommend'", [other!.id])).toBe(1);
      // Comments are capped the same way, and the comment itself is saved.
      const feedId = await postOf(target!);
      expect((await send(sender!, 'POST', '/webhook/comment', { object_type: 'FEED', object_id: feedId, comment: 'Halo' })).status).toBe(201);
      expect(await count("notifications WHERE user_id = $1 AND event = 'comment'", [target!.id])).toBe(0);
      expect(await count('comments WHERE object_id = $1', [feedId])).toBe(1);
      // The next hour the sender is heard again.
      ctx.setNow(new Date(start.getTime() + 3_600_000));
      expect((await recommend([target!])).status).toBe(201);
      expect(await count("notifications WHERE user_id = $1 AND event = 'recommend'", [target!.id])).toBe(3);
      expect(heard.filter((n) => n.userId === target!.id)).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
