import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IngestError } from './errors.ts';
import { INGEST_SECRET_HEADER, readIngestSecret } from './ingest-secret.ts';

/*
 * How `npm run ingest` reaches a server that holds the data directory: the embedded database
 * admits one process, so the command posts the file to that server's `POST /storage/ingest`
 * instead, with the secret from `DATA_DIR/ingest-secret`. Books, video, audio and YouTube items
 * all go this one way; the server decides by the file what to do with it.
 */

/** How long to wait for a server that holds the data directory but is still starting. */
const STARTUP_WAIT_MS = 120_000;

/** The pid of another live process holding the data directory, or null. */
export function liveLockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim());
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export interface Handoff {
  dataDir: string;
  /** The process holding the data directory (for messages). */
  pid: number;
  /** The server's address; http://127.0.0.1:$PORT when not given. */
  server?: string;
  /** Text fields; undefined ones are left out. */
  fields: Record<string, string | undefined>;
  /** Files by field name. */
  files: Record<string, { bytes: Uint8Array; name: string } | undefined>;
}

/** Posts the item to the running server; its answer's `data`, or an IngestError saying why not. */
export async function ingestThroughServer<T>(handoff: Handoff): Promise<T> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  const wait = () => new Promise((resolve) => setTimeout(resolve, 500));
  let secret = readIngestSecret(handoff.dataDir);
  // A server still migrating or seeding writes the secret once its API is built.
  while (!secret && Date.now() < deadline) {
    await wait();
    secret = readIngestSecret(handoff.dataDir);
  }
  if (!secret) throw new IngestError('handoff_failed', `process ${handoff.pid} holds ${handoff.dataDir}, but it has no ingest secret; restart that server and try again.`);
  const server = (handoff.server ?? `http://127.0.0.1:${process.env.PORT || '4321'}`).replace(/\/+$/, '');
  const form = new FormData();
  for (const [name, value] of Object.entries(handoff.fields)) if (value !== undefined) form.set(name, value);
  for (const [name, file] of Object.entries(handoff.files)) if (file) form.set(name, new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  let response: Response | undefined;
  for (;;) {
    try {
      // The web server refuses cross-site form posts; this one comes from its own origin.
      response = await fetch(`${server}/storage/ingest`, { method: 'POST', body: form, headers: { origin: new URL(server).origin, [INGEST_SECRET_HEADER]: secret } });
      break;
    } catch (error) {
      // Not listening yet: the server may still be starting.
      if (Date.now() >= deadline) {
        throw new IngestError('handoff_failed', `process ${handoff.pid} holds ${handoff.dataDir}, but no server answers at ${server} (${(error as Error).message}); pass --server <url>.`);
      }
      await wait();
    }
  }
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: { message: string }[] } | null;
  if (!response.ok || !body?.data) throw new IngestError('handoff_failed', body?.errors?.[0]?.message ?? `the server at ${server} answered ${response.status}.`);
  return body.data;
}
