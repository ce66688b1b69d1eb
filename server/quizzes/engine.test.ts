import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { SAVE_GRACE_SECONDS } from '../../src/lib/quizzes/values.ts';
import { keysOf, makeTryout } from './testing.ts';
import { submitDueAttempts } from './scoring.service.ts';

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const start = (who: Caller, quizId: string, key = `key-${quizId}-${who.id}`) => ctx.request('POST', '/webhook/quiz-check', { token: who.token, body: { quiz_id: quizId, start_key: key } });
const save = (who: Caller, attemptId: string, questionId: string, optionIds: string[], extra: Record<string, unknown> = {}) =>
  ctx.request('POST', '/webhook/quiz-user-answer', { token: who.token, body: { attempt_id: attemptId, question_id: questionId, option_ids: optionIds, seq: ++seq, ...extra } });
const stored = async (attemptId: string) =>
  (await ctx.db.query<{ question_id: string; option_ids: string[]; seq: number }>('SELECT question_id, option_ids::text[] AS option_ids, seq::int AS seq FROM quiz_answers WHERE attempt_id = $1 ORDER BY question_id', [attemptId])).rows;
const attemptRow = async (id: string) => (await ctx.db.query<{ submitted_at: Date | null; submitted_by: string | null; deadline_at: Date }>('SELECT submitted_at, submitted_by, deadline_at FROM quiz_attempts WHERE id = $1', [id])).rows[0]!;

describe('starting an attempt', () => {
  test('fixes the deadline at the earlier of start + time and the window close, and is idempotent', async () => {
    const quizId = await makeTryout(ctx, { counts: [2, 2], minutes: [30, 30], hours: 0.5 });
    const taker = await createCaller(ctx);
    const first = await start(taker, quizId);
    expect(first.status).toBe(200);
    const { deadline_at, server_time, attempt_id } = first.body.data;
    // 60 minutes of subtests, but the window closes in 30.
    expect(new Date(deadline_at).getTime() - new Date(server_time).getTime()).toBeLessThanOrEqual(30 * 60_000);
    expect(new Date(deadline_at).getTime() - new Date(server_time).getTime()).toBeGreaterThan(29 * 60_000);
    const again = await start(taker, quizId);
    const otherKey = await start(taker, quizId, 'another-key-123');
    expect(again.body.data.attempt_id).toBe(attempt_id);
    expect(otherKey.body.data.attempt_id).toBe(attempt_id);
    expect(again.body.data.deadline_at).toBe(deadline_at);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quiz_attempts WHERE quiz_id = $1', [quizId]);
    expect(rows[0]!.n).toBe(1);

    await ctx.request('POST', '/webhook/quiz-submit', { token: taker.token, body: { attempt_id } });
    // Reloading the start page after finishing shows the finished attempt, not a new empty one.
    expect((await start(taker, quizId)).body.data).toMatchObject({ attempt_id, submitted_at: expect.any(String) });
    const fresh = await start(taker, quizId, 'a-brand-new-key');
    expect(fresh.status).toBe(409);
    expect(fresh.body.errors[0].code).toBe('attempts_used_up');
  });

  test('outside the window is refused with a code', async () => {
    const now = Date.now();
    const later = await makeTryout(ctx, { opens_at: new Date(now + 3_600_000), closes_at: new Date(now + 7_200_000) });
    const over = await makeTryout(ctx, { opens_at: new Date(now - 7_200_000), closes_at: new Date(now - 3_600_000) });
    const taker = await createCaller(ctx);
    expect((await start(taker, later)).body.errors[0].code).toBe('quiz_not_open');
    expect((await start(taker, over)).body.errors[0].code).toBe('quiz_closed');
  });
});

describe('questions and answers', () => {
  test('the question list never carries a key', async () => {
    const quizId = await makeTryout(ctx, { counts: [3] });
    const taker = await createCaller(ctx);
    const attemptId = (await start(taker, quizId)).body.data.attempt_id;
    const list = await ctx.request('GET', `/webhook/quiz-question-list?attempt_id=${attemptId}`, { token: taker.token });
    expect(list.status).toBe(200);
    expect(list.body.data.questions).toHaveLength(3);
    const text = JSON.stringify(list.body);
    expect(text).not.toMatch(/correct|explanation|numeric_answer|Pembahasan|Materi/);
  });

  test('an older save never overwrites a newer one', async () => {
    const quizId = await makeTryout(ctx, { counts: [2] });
    const [q] = await keysOf(ctx, quizId);
    const taker = await createCaller(ctx);
    const attemptId = (await start(taker, quizId)).body.data.attempt_id;
    const newer = ctx.request('POST', '/webhook/quiz-user-answer', { token: taker.token, body: { attempt_id: attemptId, question_id: q!.id, option_ids: [q!.options[2]], seq: 10 } });
    expect((await newer).body.data).toMatchObject({ applied: true, seq: 10, server_time: expect.any(String) });
    const older = await ctx.request('POST', '/webhook/quiz-user-answer', { token: taker.token, body: { attempt_id: attemptId, question_id: q!.id, option_ids: [q!.options[1]], seq: 9 } });
    expect(older.status).toBe(200);
    expect(older.body.data).toMatchObject({ applied: false, seq: 10 });
    expect(await stored(attemptId)).toEqual([{ question_id: q!.id, option_ids: [q!.options[2]], seq: 10 }]);
  });

  test('bad answers are coded refusals that change nothing', async () => {
    const quizId = await makeTryout(ctx, { counts: [2] });
    const otherQuiz = await makeTryout(ctx, { counts: [1] });
    const [q1, q2] = await keysOf(ctx, quizId);
    const [foreign] = await keysOf(ctx, otherQuiz);
    const taker = await createCaller(ctx);
    const stranger = await createCaller(ctx);
    const attemptId = (await start(taker, quizId)).body.data.attempt_id;
    await save(taker, attemptId, q1!.id, [q1!.options[0]!]);
    const before = await stored(attemptId);
    const cases: [Promise<{ status: number; body: any }>, number, string][] = [
      [save(stranger, attemptId, q1!.id, [q1!.options[1]!]), 403, 'not_your_attempt'],
      [save(taker, attemptId, q1!.id, [q2!.options[1]!]), 400, 'option_not_of_question'],
      [save(taker, attemptId, foreign!.id, [foreign!.options[0]!]), 404, 'question_not_in_quiz'],
      [save(taker, attemptId, q1!.id, [q1!.options[0]!, q1!.options[1]!]), 400, 'too_many_options'],
      [save(taker, attemptId, q1!.id, [], { value: 3 }), 400, 'invalid_value'],
      [save(taker, '00000000-0000-4000-8000-000000000000', q1!.id, []), 404, 'attempt_not_found'],
      [save(taker, attemptId, q1!.id, ['not-a-uuid']), 400, 'invalid_option_id'],
    ];
    for (const [request, status, code] of cases) {
      const res = await request;
      expect([res.status, res.body.errors[0].code]).toEqual([status, code]);
    }
    expect(await stored(attemptId)).toEqual(before);
  });

  test('a save after the deadline and the grace is refused with the final state, and the attempt is handed in at its deadline', async () => {
    const quizId = await makeTryout(ctx, { counts: [2], minutes: [10] });
    const [q1, q2] = await keysOf(ctx, quizId);
    const taker = await createCaller(ctx);
    const attemptId = (await start(taker, quizId)).body.data.attempt_id;
    const { deadline_at } = await attemptRow(attemptId);
    try {
      ctx.setNow(new Date(deadline_at.getTime() + (SAVE_GRACE_SECONDS - 1) * 1000));
      expect((await save(taker, attemptId, q1!.id, [q1!.options[0]!])).status).toBe(200);
      ctx.setNow(new Date(deadline_at.getTime() + (SAVE_GRACE_SECONDS + 1) * 1000));
      const late = await save(taker, attemptId, q2!.id, [q2!.options[0]!]);
      expect(late.status).toBe(409);
      expect(late.body.errors[0].code).toBe('attempt_closed');
      expect(late.body.data).toMatchObject({ attempt_id: attemptId, submitted_at: deadline_at.toISOString(), deadline_at: deadline_at.toISOString() });
      expect((await stored(attemptId)).map((a) => a.question_id)).toEqual([q1!.id]);
      expect(await attemptRow(attemptId)).toMatchObject({ submitted_at: deadline_at, submitted_by: 'timeout' });
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('linear tryouts', () => {
  test('only the current subtest takes answers; its time running out moves on; a finished subtest stays closed', async () => {
    const quizId = await makeTryout(ctx, { counts: [2, 2, 1], minutes: [10, 10, 10], linear: true });
    const keys = await keysOf(ctx, quizId);
    const [a1, , b1, , c1] = keys;
    const taker = await createCaller(ctx);
    const started = (await start(taker, quizId)).body.data;
    const attemptId = started.attempt_id;
    expect(new Date(started.subtest_deadline_at).getTime() - new Date(started.server_time).getTime()).toBe(10 * 60_000);
    const listed = await ctx.request('GET', `/webhook/quiz-question-list?attempt_id=${attemptId}`, { token: taker.token });
    expect(listed.body.data.questions.map((q: { id: string }) => q.id)).toEqual([keys[0]!.id, keys[1]!.id]);
    expect((await save(taker, attemptId, b1!.id, [b1!.options[0]!])).body.errors[0].code).toBe('subtest_not_open');

    const firstEnds = new Date(started.subtest_deadline_at).getTime();
    try {
      // Within the grace after subtest 1's time, a save to it still counts; after the grace it is closed.
      ctx.setNow(new Date(firstEnds + 2_000));
      expect((await save(taker, attemptId, a1!.id, [a1!.options[0]!])).status).toBe(200);
      ctx.setNow(new Date(firstEnds + (SAVE_GRACE_SECONDS + 1) * 1000));
      expect((await save(taker, attemptId, a1!.id, [a1!.options[1]!])).body.errors[0].code).toBe('subtest_closed');
      const moved = await save(taker, attemptId, b1!.id, [b1!.options[0]!]);
      expect(moved.body.data).toMatchObject({ subtest: 2, applied: true });
      // Leaving subtest 2 early starts subtest 3 now, with its own full time.
      const finished = await ctx.request('POST', '/webhook/quiz-subtest-finish', { token: taker.token, body: { attempt_id: attemptId, subtest: 2 } });
      expect(finished.body.data.subtest).toBe(3);
      expect(new Date(finished.body.data.subtest_deadline_at).getTime() - ctx.deps.now().getTime()).toBe(10 * 60_000);
      expect((await save(taker, attemptId, b1!.id, [b1!.options[1]!])).body.errors[0].code).toBe('subtest_closed');
      expect((await save(taker, attemptId, c1!.id, [c1!.options[0]!])).status).toBe(200);
      const again = await ctx.request('POST', '/webhook/quiz-subtest-finish', { token: taker.token, body: { attempt_id: attemptId, subtest: 2 } });
      expect(again.body.errors[0].code).toBe('subtest_closed');
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('the sweeper', () => {
  test('hands in attempts whose deadline and grace passed, at the deadline, and only those', async () => {
    const quizId = await makeTryout(ctx, { counts: [1], minutes: [5] });
    const longer = await makeTryout(ctx, { counts: [1], minutes: [60] });
    const taker = await createCaller(ctx);
    const due = (await start(taker, quizId)).body.data.attempt_id;
    const notDue = (await start(taker, longer)).body.data.attempt_id;
    const { deadline_at } = await attemptRow(due);
    try {
      ctx.setNow(new Date(deadline_at.getTime() + SAVE_GRACE_SECONDS * 1000 - 1));
      await submitDueAttempts(ctx.deps);
      expect((await attemptRow(due)).submitted_at).toBeNull();
      ctx.setNow(new Date(deadline_at.getTime() + SAVE_GRACE_SECONDS * 1000 + 1));
      expect(await submitDueAttempts(ctx.deps)).toBeGreaterThanOrEqual(1);
      expect(await attemptRow(due)).toMatchObject({ submitted_at: deadline_at, submitted_by: 'timeout' });
      expect((await attemptRow(notDue)).submitted_at).toBeNull();
      expect(await submitDueAttempts(ctx.deps)).toBe(0);
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('paid packages and vouchers', () => {
  test('a paid tryout starts only once bought or redeemed; an unknown or used voucher is refused', async () => {
    const quizId = await makeTryout(ctx, { counts: [1], price: 25_000 });
    await ctx.db.query(`INSERT INTO quiz_vouchers (code, quiz_id, uses_left) VALUES ('UTBK-UJI-1', $1, 1)`, [quizId]);
    const buyer = await createCaller(ctx);
    const latecomer = await createCaller(ctx);
    const refused = await start(buyer, quizId);
    expect([refused.status, refused.body.errors[0].code]).toEqual([402, 'tryout_not_paid']);
    expect((await ctx.db.query('SELECT 1 FROM quiz_attempts WHERE quiz_id = $1', [quizId])).rows).toHaveLength(0);
    const unknown = await ctx.request('POST', '/webhook/redeem-voucher', { token: buyer.token, body: { code: 'NOPE-0000' } });
    expect([unknown.status, unknown.body.errors[0].code]).toEqual([404, 'voucher_invalid']);
    const redeemed = await ctx.request('POST', '/webhook/redeem-voucher', { token: buyer.token, body: { code: 'utbk-uji-1' } });
    expect(redeemed.body.data.quiz_id).toBe(quizId);
    const used = await ctx.request('POST', '/webhook/redeem-voucher', { token: latecomer.token, body: { code: 'UTBK-UJI-1' } });
    expect([used.status, used.body.errors[0].code]).toEqual([409, 'voucher_used']);
    expect((await start(buyer, quizId)).status).toBe(200);
    const detail = await ctx.request('GET', `/webhook/tryout-detail?quiz_id=${quizId}`, { token: latecomer.token });
    expect(detail.body.data).toMatchObject({ price: 25_000, access: 'buy', can_start: false });
  });
});
