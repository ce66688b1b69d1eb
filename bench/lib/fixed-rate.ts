import { Agent, request as httpRequest } from 'node:http';
import { percentile } from './stats.ts';

/** One request of a fixed-rate run: which caller sends it, and what. */
export interface PlannedRequest {
  caller: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FixedRateResult {
  /** Requests sent and answered (any status). */
  sent: number;
  answered: number;
  /** Latencies in ms from each request's planned start to the last byte of its answer. */
  p50: number;
  p99: number;
  max: number;
  /** Answers per second over the run, from the first planned start to the last answer. */
  achieved: number;
  /** Network errors and timeouts. */
  errors: number;
}

/**
 * Open-loop load at a fixed rate: request n is due at start + n / rate, evenly spaced, whatever
 * the server is doing. Each caller has one keep-alive connection of its own, so a caller whose
 * previous answer has not come back waits for it, as a browser would. A request's latency runs
 * from when it was due, not from when it could be written, so a server that falls behind shows
 * every millisecond of it in the percentiles (no coordinated omission).
 *
 * autocannon's `overallRate` does not do this: each connection sends its share at the top of
 * every second, so a rate of 50/s is a burst of 50 requests once a second, measured from when
 * each was written.
 */
export async function fixedRate(options: {
  origin: string;
  rate: number;
  amount: number;
  callers: number;
  plan: (n: number) => PlannedRequest;
  onAnswer?: (n: number, status: number, body: string) => void;
  timeoutMs?: number;
}): Promise<FixedRateResult> {
  const url = new URL(options.origin);
  const agents = Array.from({ length: options.callers }, () => new Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 }));
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  let lastAnswer = 0;
  const interval = 1000 / options.rate;
  const started = performance.now();
  const pending: Promise<void>[] = [];

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const planned = options.plan(n);
      const headers = { ...planned.headers };
      if (planned.body !== undefined) headers['content-length'] = String(Buffer.byteLength(planned.body));
      const finish = (status: number, body: string) => {
        const now = performance.now();
        if (status === 0) errors += 1;
        else {
          answered += 1;
          latencies.push(now - due);
        }
        lastAnswer = Math.max(lastAnswer, now);
        options.onAnswer?.(n, status, body);
        resolve();
      };
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: planned.path, method: planned.method, headers, agent: agents[planned.caller % agents.length] },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          res.on('error', () => finish(0, ''));
        },
      );
      req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => finish(0, ''));
      req.end(planned.body);
    });

  let n = 0;
  while (n < options.amount) {
    const now = performance.now();
    // Everything due by now goes out; the timer's lateness counts in the latencies.
    while (n < options.amount && started + n * interval <= now) {
      pending.push(send(n, started + n * interval));
      n += 1;
    }
    const wait = started + n * interval - performance.now();
    await new Promise((resolve) => (wait >= 1 ? setTimeout(resolve, Math.floor(wait)) : setImmediate(resolve)));
  }
  await Promise.all(pending);
  for (const a of agents) a.destroy();
  const seconds = Math.max(lastAnswer - started, interval * options.amount) / 1000;
  return {
    sent: options.amount,
    answered,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((a, b) => Math.max(a, b), NaN),
    achieved: answered / seconds,
    errors,
  };
}
