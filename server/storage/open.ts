import type { ServerConfig } from '../config.ts';
import { createDiskStore } from './disk.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3Store } from './s3.ts';

/** The configured store: the S3 bucket when `S3_BUCKET` is set, else the data directory. */
export function openObjectStore(config: Pick<ServerConfig, 'dataDir' | 's3'>): ObjectStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(config.dataDir);
}
