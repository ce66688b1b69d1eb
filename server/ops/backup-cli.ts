import { loadConfig } from '../config.ts';
import { createBackup, restoreBackup } from './backup.ts';

/*
 * npm run backup -- <file>              backs up DATA_DIR's database and files, server running or not
 * npm run restore -- <file> [--force]   restores into DATA_DIR, with the server stopped
 */
const [command, file, ...rest] = process.argv.slice(2);
const config = loadConfig();
const log = (line: string) => console.log(`[${command}] ${line}`);

if (!file || (command !== 'backup' && command !== 'restore')) {
  console.error('Usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error(`[${command}] DATABASE_URL is set: back up PostgreSQL with pg_dump and pg_restore; this command handles the embedded database and the file store in DATA_DIR.`);
  process.exit(2);
}
if (config.s3 && command === 'backup') {
  log(`the stored files are in the S3 bucket ${config.s3.bucket}: this backup holds the database and DATA_DIR; keep the bucket's own versioning or replication for the files`);
}
try {
  if (command === 'backup') await createBackup(config.dataDir, file, log);
  else {
    await restoreBackup(file, config.dataDir, { force: rest.includes('--force'), log });
    log(`restored into ${config.dataDir}`);
  }
} catch (error) {
  console.error(`[${command}] ${(error as Error).message}`);
  process.exit(1);
}
