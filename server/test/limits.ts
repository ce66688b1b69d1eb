import type { ChildProcess } from 'node:child_process';

/**
 * The one ceiling on how long a test's setup may wait for something to become ready: a database
 * copied from the template, a seeded catalogue, a server it started that has to listen. Setup waits
 * for those conditions, never for a fixed time; the ceiling only ends a run that would never finish.
 * It is generous because readiness scales with the machine's load: what takes a second on an idle
 * 2-core machine took minutes at a load of 17. Vitest's hook timeout and Playwright's server start
 * are both this value.
 */
export const READY_CEILING_MS = 10 * 60_000;

/**
 * Resolves with the child's output once it prints `marker` (a server's "listening on …" line);
 * rejects, with what it printed, if it exits first. Nothing here counts time: the caller's hook
 * timeout (READY_CEILING_MS) is the only limit.
 */
export function printed(child: ChildProcess, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const seen = (piece: Buffer) => {
      output += piece.toString();
      if (output.includes(marker)) resolve(output);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', (piece: Buffer) => (output += piece.toString()));
    child.once('exit', (code, signal) => reject(new Error(`the process stopped (${signal ?? `exit ${code}`}) before it printed ${JSON.stringify(marker)}:\n${output}`)));
  });
}
