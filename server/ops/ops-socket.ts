import { createConnection, createServer, type Server } from 'node:net';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PgliteDb } from '../db/client.ts';

/*
 * The running server's door for the backup command. Only one process may open an embedded
 * database, so while the server runs the command asks it for a snapshot instead of opening the
 * database itself. The door is a Unix socket in the data directory, readable and writable by the
 * server's own system user only: no network address, nothing another machine can reach.
 */

/** The socket's path in a data directory. */
export function opsSocketPath(dataDir: string): string {
  return join(dataDir, 'ops.sock');
}

interface DumpRequest {
  action: 'dump';
  /** Where to write the database snapshot (an uncompressed tar of the data directory). */
  path: string;
}

/** Answers dump requests on the data directory's socket; returns the function that closes it. */
export async function startOpsSocket(dataDir: string, db: PgliteDb): Promise<() => Promise<void>> {
  const path = opsSocketPath(dataDir);
  // A socket file left by a process that died is in the way; the data directory lock says no
  // other live server owns this directory.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (piece: string) => {
      input += piece;
      if (!input.includes('\n')) return;
      void answer(input.slice(0, input.indexOf('\n'))).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  const answer = async (line: string): Promise<{ ok: true } | { ok: false; error: string }> => {
    try {
      const request = JSON.parse(line) as DumpRequest;
      if (request.action !== 'dump' || typeof request.path !== 'string') return { ok: false, error: 'unknown request' };
      const snapshot = await db.dumpDataDir();
      writeFileSync(request.path, new Uint8Array(await snapshot.arrayBuffer()), { mode: 0o600 });
      return { ok: true };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Asks the server running on `dataDir` to write a snapshot of its database to `target`. */
export function requestDump(dataDir: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(opsSocketPath(dataDir));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ action: 'dump', path: target } satisfies DumpRequest)}\n`));
    socket.on('data', (piece: string) => (reply += piece));
    socket.on('error', (error) => reject(new Error(`The running server did not answer on ${opsSocketPath(dataDir)}: ${error.message}`)));
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(reply) as { ok: boolean; error?: string };
        if (parsed.ok) resolve();
        else reject(new Error(`The running server could not make a snapshot: ${parsed.error}`));
      } catch {
        reject(new Error('The running server gave no answer.'));
      }
    });
  });
}
