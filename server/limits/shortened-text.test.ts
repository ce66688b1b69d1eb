import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { deliverPendingPushes } from '../push/push.service.ts';
import { readPushSettings } from '../push/settings.ts';
import { decrypt, device, subscription, type Device } from '../test/push-device.ts';
import { graphemeCount, graphemes } from '../../src/lib/contract/shorten.ts';
import { HARD_TEXTS } from '../../src/lib/text/test-texts.ts';

/*
 * Every field the API shortens from user text, fed emoji, joined emoji, flags, combining marks and
 * right-to-left scripts: the text is saved whole, and what is shortened (the notification's
 * excerpt, the push's title and text, the quoted input of an error) is cut between graphemes.
 */

let ctx: TestContext;
let epustakaId: string;
let receiver: Server;
let origin: string;
const pushes = new Map<string, Buffer>();

beforeAll(async () => {
  ctx = await createTestContext({ push: readPushSettings({ PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_ALLOW_LOOPBACK: 'true' }) });
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Aksara' });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pushes.set(req.url ?? '', Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => receiver.close(done));
  await ctx.close();
});

/** A borrow by a new member, seen by a follower; answers the feed item. */
async function feedItem(): Promise<{ owner: Caller; fan: Caller; feedId: string }> {
  const owner = await createCaller(ctx, { name: 'Pemilik Kiriman' });
  await addMember(ctx, epustakaId, owner.id, 1);
  const fan = await createCaller(ctx, { name: 'Teman 👨‍👩‍👧‍👦' });
  await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: owner.id } });
  const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies: 2 }] });
  await ctx.request('POST', '/webhook/borrow', { token: owner.token, body: { epustaka_id: epustakaId, user_id: owner.id, book_id: bookId } });
  const feeds = await ctx.request('GET', '/webhook/feeds', { token: owner.token });
  return { owner, fan, feedId: feeds.body.data[0].id };
}

function comment(caller: Caller, body: Record<string, unknown>) {
  return ctx.request('POST', '/webhook/comment', { token: caller.token, body: { object_type: 'FEED', ...body } });
}

async function subscribe(caller: Caller): Promise<Device> {
  const d = device(`${origin}/${caller.id}`);
  const res = await ctx.request('PATCH', '/webhook/fcm-token', { token: caller.token, body: { fcm_token: JSON.stringify(subscription(d)) } });
  expect(res.status).toBe(200);
  return d;
}

async function excerptOf(userId: string, event: string): Promise<string> {
  const { rows } = await ctx.db.query<{ params: { excerpt: string } }>('SELECT params FROM notifications WHERE user_id = $1 AND event = $2', [userId, event]);
  expect(rows).toHaveLength(1);
  return rows[0]!.params.excerpt;
}

/** `short` is a beginning of `whole` of whole graphemes (an ellipsis aside), at most `max` of them. */
function expectCutBetweenGraphemes(short: string, whole: string, max: number) {
  expect(short.isWellFormed(), JSON.stringify(short)).toBe(true);
  expect(graphemeCount(short)).toBeLessThanOrEqual(max);
  const kept = graphemes(short.endsWith('…') ? short.slice(0, -1) : short);
  expect(kept).toEqual(graphemes(whole).slice(0, kept.length));
}

describe('shortened fields', () => {
  test('the comment of 41 "😀" on another member\'s post is saved, and its notification made', async () => {
    const { owner, fan, feedId } = await feedItem();
    const text = '😀'.repeat(41);
    const res = await comment(fan, { object_id: feedId, comment: text });
    expect(res.status).toBe(201);
    expect(res.body.data.comment).toBe(text);
    expect(await excerptOf(owner.id, 'comment')).toBe(text);
  });

  test.each(HARD_TEXTS.map((text) => [graphemes(text, 8).join(''), text]))(
    '%s: the comment and reply are saved, excerpts and pushes are cut between graphemes',
    async (_name, text) => {
      const { owner, fan, feedId } = await feedItem();
      const ownerDevice = await subscribe(owner);
      const fanDevice = await subscribe(fan);
      const whole = text.trim();

      const first = await comment(fan, { object_id: feedId, comment: text });
      expect(first.status).toBe(201);
      expect(first.body.data.comment).toBe(whole);
      const reply = await comment(owner, { object_id: feedId, parent_id: first.body.data.id, comment: `${text}${text}` });
      expect(reply.status).toBe(201);

      expectCutBetweenGraphemes(await excerptOf(owner.id, 'comment'), whole, 80);
      expectCutBetweenGraphemes(await excerptOf(fan.id, 'reply'), `${text}${text}`.trim(), 80);

      await deliverPendingPushes(ctx.deps);
      for (const [caller, d] of [
        [owner, ownerDevice],
        [fan, fanDevice],
      ] as const) {
        const body = pushes.get(`/${caller.id}`);
        expect(body, 'pushed').toBeDefined();
        expect(body!.byteLength).toBeLessThan(4096);
        const payload = JSON.parse(decrypt(body!, d)) as { title: string; body: string };
        expect(payload.title.isWellFormed()).toBe(true);
        expect(payload.body.isWellFormed()).toBe(true);
        expect(graphemeCount(payload.body)).toBeLessThanOrEqual(240);
      }
    },
  );

  test('an error quoting a hard text quotes whole graphemes', async () => {
    const caller = await createCaller(ctx);
    for (const text of HARD_TEXTS) {
      const filter = encodeURIComponent(JSON.stringify({ [text]: 1 }));
      const res = await ctx.request('GET', `/webhook/book-list?filter=${filter}`, { token: caller.token });
      expect(res.status).toBe(400);
      const quoted = /"(.*)"/su.exec(res.body.errors[0].message)?.[1] ?? '';
      expectCutBetweenGraphemes(quoted, text, 41);
    }
  });

  test('text with a lone surrogate is refused with a coded 400, never stored', async () => {
    const { fan, feedId } = await feedItem();
    const res = await ctx.request('POST', '/webhook/comment', {
      token: fan.token,
      // JSON.stringify writes the lone half as the escape \ud83d, which JSON.parse turns back into it.
      body: { object_type: 'FEED', object_id: feedId, comment: `Halo ${'😀'.slice(0, 1)}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_characters');
  });
});
