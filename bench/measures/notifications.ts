import { cpus, loadavg } from 'node:os';
import { openPostgres } from '../../server/db/client.ts';
import type { BenchContext, DbTarget, Measure } from '../lib/context.ts';
import { startApi, startCeiling, type Running } from '../lib/server.ts';
import { PORTS } from '../lib/paths.ts';
import { BENCH_SERVER_KEY, NOTIFICATION_P99_MS, NOTIFICATION_RATES, notificationStep, standInGateway, type NotificationStep } from '../lib/notification-load.ts';
import { int, ms } from '../lib/stats.ts';

const RATE_GOAL = 300;

/**
 * Signed gateway notifications processed per second on PostgreSQL, holding p99 ≤ 100 ms with
 * exactly-once side effects (bench/lib/notification-load.ts), beside the ceiling: the same
 * notification service behind a bare node:http server (bench/lib/ceiling.ts). Both talk the
 * Midtrans protocol to a stand-in gateway on loopback, set by configuration only, as a real
 * gateway would be.
 */
export const notificationsMeasure: Measure = {
  name: 'notifications',
  title: 'Payment notifications',
  build: false,
  postgres: true,
  async run(ctx) {
    const target = await ctx.postgresScale();
    if (!target) return [{ figure: 'payment notifications on PostgreSQL', goal: `≥ ${RATE_GOAL}/s`, measured: 'not available', pass: false, note: ctx.postgresMissing ?? 'no PostgreSQL cluster' }];
    // What else the machine was doing, for the row's note: a shared machine's figures are its own.
    const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the start`;
    const gateway = await standInGateway(PORTS.gateway);
    const db = await openPostgres(target.env.DATABASE_URL!, 4);
    try {
      const env = { ...target.env, PAYMENT_GATEWAY: 'midtrans', MIDTRANS_SERVER_KEY: BENCH_SERVER_KEY, MIDTRANS_BASE_URL: `http://127.0.0.1:${PORTS.gateway}` };
      await ctx.stopServer();
      const ours = await capacity(ctx, target, db, await startApi(env, PORTS.api, 'api-notifications'), 'api');
      const ceiling = await capacity(ctx, target, db, await startCeiling(env, PORTS.ceiling, 'ceiling-notifications'), 'ceiling');
      const describe = (steps: NotificationStep[]) => {
        const held = steps.filter((s) => s.held).at(-1);
        const missed = steps.find((s) => !s.held);
        const heldText = held ? `${int(held.rate)}/s (p99 ${ms(held.p99)}, ${held.effects})` : `none of ${NOTIFICATION_RATES[0]}/s or more`;
        const missedText = missed ? `, ${int(missed.rate)}/s: ${int(missed.achieved)}/s done, p99 ${ms(missed.p99)}${missed.failures ? `, ${missed.failures} not 200` : ''}${missed.exactlyOnce ? '' : `, NOT exactly once (${missed.effects})`}` : '';
        return heldText + missedText;
      };
      const best = (steps: NotificationStep[]) => steps.filter((s) => s.held).at(-1)?.rate ?? 0;
      const ratio = best(ceiling) > 0 ? best(ours) / best(ceiling) : NaN;
      const onceEverywhere = ours.every((s) => s.exactlyOnce);
      // CPU per notification falls as the rate rises (more work per wake-up), so both sides are
      // compared at one rate: the highest both ran.
      const cpuRate = Math.min(ours.at(-1)?.rate ?? 0, ceiling.at(-1)?.rate ?? 0);
      const cpuAt = (steps: NotificationStep[]) => steps.find((s) => s.rate === cpuRate)?.cpuMs ?? NaN;
      const cpuRatio = cpuAt(ours) / cpuAt(ceiling);
      return [{
        figure: `signed gateway notifications/s holding p99 ≤ ${NOTIFICATION_P99_MS} ms, exactly-once side effects, each sent twice, 100 callers — PostgreSQL (ours; ceiling)`,
        goal: `≥ ${RATE_GOAL}/s`,
        measured: `${describe(ours)}; ceiling ${describe(ceiling)} = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}×`,
        pass: best(ours) >= RATE_GOAL && onceEverywhere,
        note: onceEverywhere ? load : `${load}; a step did not have exactly-once side effects`,
        data: { ours, ceiling },
      }, {
        figure: `server CPU per notification at ${int(cpuRate)}/s, the highest rate both ran — PostgreSQL (ours; ceiling)`,
        goal: '—',
        measured: `${ms(cpuAt(ours))}; ceiling ${ms(cpuAt(ceiling))} = ${Number.isFinite(cpuRatio) ? cpuRatio.toFixed(2) : 'n/a'}×`,
        pass: null,
        note: load,
      }];
    } finally {
      await ctx.stopServer();
      await db.close();
      await new Promise((resolve) => gateway.close(resolve));
    }
  },
};

/** Steps up the rates until one does not hold (after an uncounted warm-up step), then stops the server. */
async function capacity(ctx: BenchContext, target: DbTarget, db: Awaited<ReturnType<typeof openPostgres>>, server: Running, label: string): Promise<NotificationStep[]> {
  const seconds = ctx.options.quick ? 3 : 6;
  const users = target.manifest.benchUsers.map((u) => u.id);
  const org = target.manifest.organizationId;
  const steps: NotificationStep[] = [];
  try {
    await notificationStep(server.origin, db, org, users, NOTIFICATION_RATES[0]!, 2, `${label}-warm`);
    for (const rate of NOTIFICATION_RATES) {
      const step = await notificationStep(server.origin, db, org, users, rate, seconds, `${label}-${rate}`, server.pid);
      ctx.log(`${label} notifications ${rate}/s: ${int(step.achieved)}/s done, p99 ${ms(step.p99)}, ${step.failures} failures, ${step.effects}, ${ms(step.cpuMs)} CPU each`);
      steps.push(step);
      if (!step.held) break;
    }
  } finally {
    await server.stop();
  }
  return steps;
}
