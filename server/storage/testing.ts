import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './settings.ts';

/** A real S3-protocol server (s3rver) on 127.0.0.1 with one bucket in a temporary folder. */
export interface TestS3Server {
  settings: S3Settings;
  /** The same bucket as `S3_*` variables, for a server started as another process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'epustaka-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'epustaka-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    settings: { endpoint: env.S3_ENDPOINT, bucket, region: env.S3_REGION, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: '' },
    env,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
