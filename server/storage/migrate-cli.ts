import { loadConfig } from '../config.ts';
import { createDiskStore } from './disk.ts';
import { migrateObjects } from './migrate.ts';
import { createS3Store } from './s3.ts';

/*
 * npm run storage:migrate — copies the files under DATA_DIR (books, media, uploads) into the S3
 * bucket of the S3_* settings, checking every copy's sha256. Safe to run again (and while the
 * server runs on the disk store): what is already there with the same hash is skipped. Then start
 * the servers with the S3_* settings.
 */

const config = loadConfig();
if (!config.s3) {
  console.error('storage:migrate copies the files under DATA_DIR to S3: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) first.');
  process.exit(2);
}
const from = createDiskStore(config.dataDir);
const to = createS3Store(config.s3);
const log = (line: string) => console.error(`[storage:migrate] ${line}`);
log(`copying the files under ${config.dataDir} to the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`);
try {
  const report = await migrateObjects(from, to, log);
  console.log(
    `${report.copied} object(s) copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.unchanged} already there, ` +
      `${report.failed} did not match${report.failed ? `: ${report.failures.join(', ')}` : ''}.`,
  );
  process.exitCode = report.failed ? 1 : 0;
} catch (error) {
  console.error(`[storage:migrate] stopped: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  to.close?.();
}
