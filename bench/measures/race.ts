import type { BenchContext, DbTarget, Measure, Row } from '../lib/context.ts';
import { agent, json, timedRequest } from '../lib/http.ts';
import { returnLoans } from '../lib/borrow-load.ts';

/**
 * 5. Borrow race: rounds of 200 concurrent borrows, by 200 different users, of a book with one
 * available copy. Exactly one may succeed, none may fail with 5xx, and the count never drops
 * below 0. The winner returns the copy afterwards, so the data stays reusable. On PGlite and on
 * PostgreSQL.
 */
export const raceMeasure: Measure = {
  name: 'race',
  title: 'Borrow race',
  build: false,
  postgres: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const target of await ctx.targets()) rows.push(...(await raceOn(ctx, target)));
    return rows;
  },
};

async function raceOn(ctx: BenchContext, target: DbTarget): Promise<Row[]> {
  const api = await ctx.api(target);
  const m = target.manifest;
  const tokens = await target.tokens();
  const label = target.label;
  const pool = agent(m.benchUsers.length);
  const rounds = ctx.reps(10, 100);
  const auth = (u: number) => ({ authorization: `Bearer ${tokens[u]}` });

  const detail = async (bookId: string) =>
    json((await timedRequest(api.origin, 'GET', `/webhook/book-detail?book_id=${bookId}&epustaka_id=${m.benchEpustakaId}`, { agent: pool, headers: auth(0) })).body)?.data;

  const before = await detail(m.raceBookIds[0]!);
  const probe = await timedRequest(api.origin, 'POST', '/webhook/borrow', { agent: pool, headers: auth(0), body: {} });
  if (!before || probe.status === 404) {
    return [{ figure: `borrow race — ${label}`, goal: 'exactly 1 success per round', measured: 'not available', pass: false, note: `borrow or book-detail missing (${probe.status})` }];
  }

  const successes: number[] = [];
  let fiveXx = 0;
  let otherStatus = 0;
  let noAnswer = 0;
  let firstFailure = '';
  let minAvailable = Infinity;
  let wrongAfter = 0;
  for (let round = 0; round < rounds; round++) {
    const bookId = m.raceBookIds[round % m.raceBookIds.length]!;
    const start = await detail(bookId);
    if (start?.available_qty !== 1) ctx.log(`race round ${round}: the book starts with ${start?.available_qty} available`);
    const results = await Promise.all(
      m.benchUsers.map((user, u) =>
        timedRequest(api.origin, 'POST', '/webhook/borrow', { agent: pool, headers: auth(u), body: { user_id: user.id, book_id: bookId, epustaka_id: m.benchEpustakaId } }).then((res) => ({ u, res })),
      ),
    );
    const won = results.filter((r) => r.res.status === 201 || r.res.status === 200);
    successes.push(won.length);
    const failed = results.filter((r) => r.res.status >= 500 || r.res.status === 0);
    fiveXx += failed.length;
    noAnswer += failed.filter((r) => r.res.status === 0).length;
    firstFailure ||= failed[0] ? `${failed[0].res.status}: ${failed[0].res.body.slice(0, 160)}` : '';
    otherStatus += results.filter((r) => r.res.status !== 409 && r.res.status < 500 && r.res.status !== 0 && r.res.status !== 201 && r.res.status !== 200).length;
    const after = await detail(bookId);
    const available = Number(after?.available_qty);
    minAvailable = Math.min(minAvailable, available);
    if (available !== 1 - won.length) wrongAfter += 1;
    await returnLoans(api.origin, tokens, won.map((w) => ({ user: w.u, loan: json(w.res.body)?.data?.id })));
  }
  pool.destroy();
  const exact = successes.filter((s) => s === 1).length;
  const rows: Row[] = [
    {
      figure: `race: successes per round (${rounds} rounds × ${m.benchUsers.length} borrowers) — ${label}`,
      goal: 'exactly 1 every round',
      measured: `exactly 1 in ${exact}/${rounds} rounds (min ${Math.min(...successes)}, max ${Math.max(...successes)})`,
      pass: exact === rounds,
      data: successes,
    },
    {
      figure: `race: 5xx answers or none — ${label}`,
      goal: '0',
      measured: noAnswer ? `${fiveXx} (${noAnswer} without an answer)` : String(fiveXx),
      pass: fiveXx === 0,
      note: [otherStatus ? `${otherStatus} answers other than 201/409` : '', firstFailure ? `first: ${firstFailure}` : ''].filter(Boolean).join('; ') || undefined,
    },
    {
      figure: `race: available copies after each round — ${label}`,
      goal: 'never below 0',
      measured: `min ${minAvailable}${wrongAfter ? `, ${wrongAfter} rounds inconsistent with the loans made` : ''}`,
      pass: minAvailable >= 0 && wrongAfter === 0,
    },
  ];
  return rows;
}
