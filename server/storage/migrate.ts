import { createHash } from 'node:crypto';
import { STORE_AREAS, type ObjectStore } from './object-store.ts';

export interface MigrationReport {
  /** Objects copied and checked this run. */
  copied: number;
  /** Objects already in the target with the same hash. */
  unchanged: number;
  /** Objects whose copy did not match (listed in `failures`). */
  failed: number;
  bytes: number;
  failures: string[];
}

async function sha256(store: ObjectStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await store.getStream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every object of the product's areas (books, media, uploads) from one store to another and
 * checks each copy's sha256 against the original. An object the target already holds with the same
 * hash is left alone, so running it again copies only what is new or changed.
 */
export async function migrateObjects(from: ObjectStore, to: ObjectStore, log: (line: string) => void = () => {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, unchanged: 0, failed: 0, bytes: 0, failures: [] };
  for (const area of STORE_AREAS) {
    for await (const { key, size } of from.list(area)) {
      const original = await sha256(from, key);
      if ((await to.size(key)) === size && (await sha256(to, key)) === original) {
        report.unchanged += 1;
        continue;
      }
      await to.put(key, { stream: await from.getStream(key), size });
      if ((await to.size(key)) === size && (await sha256(to, key)) === original) {
        report.copied += 1;
        report.bytes += size;
      } else {
        report.failed += 1;
        report.failures.push(key);
        log(`the copy of ${key} does not match the original`);
      }
      if ((report.copied + report.failed) % 500 === 0) log(`${report.copied} copied, ${report.unchanged} already there…`);
    }
  }
  return report;
}
