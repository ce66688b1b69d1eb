/** Where an S3-compatible service keeps the objects (`S3_*` settings). */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Addresses the bucket as a path (`endpoint/bucket/key`), as MinIO and most self-hosted services need. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, so one bucket can hold several installations; '' for none. */
  prefix: string;
}

/** S3 settings from the environment, or undefined when `S3_BUCKET` is not set (files stay on disk). */
export function readS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: ['1', 'true', 'on', 'yes'].includes((env.S3_FORCE_PATH_STYLE ?? '').toLowerCase()),
    prefix: prefix ? `${prefix}/` : '',
  };
}
