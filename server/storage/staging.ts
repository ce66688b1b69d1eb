import type { Db, Queryable } from '../db/client.ts';
import { deletePrefix, type ObjectStore } from './object-store.ts';
import * as pending from './pending.repository.ts';

/** Files written for rows that are not in yet: commit them with the rows, or abort. */
export interface StagedObjects {
  /** In the rows' transaction: the files become the rows' files. Throws (rolling back) if a sweep removed them. */
  commit(tx: Queryable): Promise<void>;
  /** The rows could not be written: removes the files and their entry. */
  abort(): Promise<void>;
}

/** How long a folder may stay pending before the sweep takes it for the remains of a failed write. */
export const PENDING_GRACE_MS = 60 * 60 * 1000;

/**
 * Writes the objects of one folder (`books/<id>/`, `media/<id>/`) before the rows that point to
 * them. The folder is first recorded as pending, so files left by a process that died before its
 * rows were written are found and removed by {@link sweepPendingObjects}; no row ever points to a
 * folder that is not complete, so readers never see half of one.
 */
export async function stageObjects(db: Db, store: ObjectStore, prefix: string, files: Iterable<[string, Uint8Array]>): Promise<StagedObjects> {
  await pending.insertPending(db, prefix);
  const abort = async () => {
    await deletePrefix(store, prefix);
    await pending.deletePending(db, prefix);
  };
  try {
    for (const [name, data] of files) await store.put(prefix + name, data);
  } catch (error) {
    await abort().catch(() => undefined);
    throw error;
  }
  return {
    async commit(tx) {
      if (!(await pending.deletePending(tx, prefix))) throw new Error(`The files under ${prefix} were removed before their rows were written.`);
    },
    abort,
  };
}

/** Removes the files of folders pending for longer than `graceMs`; returns how many folders it removed. */
export async function sweepPendingObjects(db: Db, store: ObjectStore, now: Date, graceMs = PENDING_GRACE_MS): Promise<number> {
  let removed = 0;
  for (const prefix of await pending.stalePending(db, new Date(now.getTime() - graceMs))) {
    // The entry is claimed first, in a transaction held while the files go: a late commit of the
    // rows waits for it and then fails, and a sweep that dies midway leaves the entry for the next.
    const claimed = await db.transaction(async (tx) => {
      if (!(await pending.deletePending(tx, prefix))) return false;
      await deletePrefix(store, prefix);
      return true;
    });
    if (claimed) removed += 1;
  }
  return removed;
}
