import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertKey, ObjectNotFoundError, type ObjectBody, type ObjectStore } from './object-store.ts';
import type { S3Settings } from './settings.ts';

function notFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}

async function bytesOf(body: unknown): Promise<Buffer> {
  const stream = body as { transformToByteArray?: () => Promise<Uint8Array> } | undefined;
  if (!stream?.transformToByteArray) return Buffer.alloc(0);
  const bytes = await stream.transformToByteArray();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Objects in one bucket of an S3-compatible service, through the AWS SDK. */
export function createS3Store(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where the protocol needs them: not every S3-compatible service knows the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const name = (key: string) => {
    assertKey(key);
    return settings.prefix + key;
  };

  async function get(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: name(key), Range: range }));
    } catch (error) {
      if (notFound(error)) throw new ObjectNotFoundError(key, { cause: error });
      throw error;
    }
  }

  const store: ObjectStore = {
    kind: 's3',
    async put(key, body: ObjectBody) {
      const input = body instanceof Uint8Array ? { Body: body, ContentLength: body.byteLength } : { Body: body.stream, ContentLength: body.size };
      await client.send(new PutObjectCommand({ Bucket, Key: name(key), ...input }));
    },
    async get(key) {
      return bytesOf((await get(key)).Body);
    },
    async getRange(key, offset, length) {
      if (length <= 0) {
        if ((await store.size(key)) === null) throw new ObjectNotFoundError(key);
        return Buffer.alloc(0);
      }
      try {
        return await bytesOf((await get(key, `bytes=${offset}-${offset + length - 1}`)).Body);
      } catch (error) {
        // A range that starts at or past the end: no bytes, as a file read there gives none.
        if (error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata?.httpStatusCode === 416)) return Buffer.alloc(0);
        throw error;
      }
    },
    async getStream(key) {
      const body = (await get(key)).Body;
      return body instanceof Readable ? body : Readable.from(await bytesOf(body));
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: name(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix + prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key.slice(settings.prefix.length), size: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
  return store;
}
