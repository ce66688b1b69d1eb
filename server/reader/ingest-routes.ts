import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BOOK_BYTES } from '../../src/lib/reader/schema.ts';
import { MAX_VIDEO_BYTES } from '../../src/lib/media/rules.ts';
import { ApiError, badRequest, forbidden } from '../http/errors.ts';
import { assertStorableText } from '../http/validate.ts';
import { sameSecret } from './crypto.ts';
import { IngestError } from './errors.ts';
import { ingestBook } from './ingest.ts';
import { INGEST_SECRET_HEADER, ensureIngestSecret, readIngestSecret } from './ingest-secret.ts';
import { ingestMedia, ingestYoutube, isMediaFileName } from '../media/ingest.ts';
import type { ApiDeps } from '../deps.ts';

/** Room for the form fields and the thumbnail next to the largest file. */
const FORM_SLACK_BYTES = 2 * 1024 * 1024;

/**
 * storage/ingest: `npm run ingest` hands a book (PDF, EPUB), a video or audio file, or a YouTube
 * video to the server holding the data directory. The caller proves it may by the secret in
 * `DATA_DIR/ingest-secret`; a body larger than a book is only read after the secret sent as a
 * header checked out, so nobody else can make the server buffer a 250 MB upload.
 */
export function ingestRoutes(deps: ApiDeps) {
  const app = new Hono();
  const { db, config, store } = deps;
  const target = { store, organizationId: config.organizationId };
  ensureIngestSecret(config.dataDir);

  const validSecret = (value: unknown) => {
    const secret = readIngestSecret(config.dataDir);
    return Boolean(secret) && typeof value === 'string' && sameSecret(secret!, value);
  };
  const tooLarge = (max: number) => () => {
    throw new ApiError(413, 'file_too_large', `Files may be at most ${Math.floor(max / 1024 / 1024)} MB.`);
  };
  const bookLimit = bodyLimit({ maxSize: MAX_BOOK_BYTES + FORM_SLACK_BYTES, onError: tooLarge(MAX_BOOK_BYTES) });
  const mediaLimit = bodyLimit({ maxSize: MAX_VIDEO_BYTES + FORM_SLACK_BYTES, onError: tooLarge(MAX_VIDEO_BYTES) });

  app.post(
    '/ingest',
    (c, next) => (validSecret(c.req.header(INGEST_SECRET_HEADER)) ? mediaLimit(c, next) : bookLimit(c, next)),
    async (c) => {
      const form = await c.req.parseBody();
      if (!validSecret(c.req.header(INGEST_SECRET_HEADER)) && !validSecret(form.secret)) {
        throw forbidden('ingest_forbidden', 'The ingest secret is missing or wrong.');
      }
      for (const [name, value] of Object.entries(form)) if (typeof value === 'string') assertStorableText(value, name);
      const text = (name: string) => (typeof form[name] === 'string' && form[name] !== '' ? (form[name] as string) : undefined);
      try {
        return c.json({ data: await ingest(form, text) }, 201);
      } catch (error) {
        if (error instanceof IngestError) throw badRequest(error.code, error.message);
        throw error;
      }
    },
  );

  async function ingest(form: Record<string, string | File | (string | File)[]>, text: (name: string) => string | undefined) {
    const thumbnail = form.thumbnail instanceof File ? new Uint8Array(await form.thumbnail.arrayBuffer()) : undefined;
    const youtube = text('youtube');
    if (youtube) {
      return ingestYoutube(db, target, { youtubeId: youtube, duration: Number(text('duration')), title: text('title') ?? '', description: text('description'), epustaka: text('epustaka'), thumbnail });
    }
    const file = form.file;
    if (!(file instanceof File)) throw badRequest('file_required', 'Send the file as the field "file".', 'file');
    const fileName = text('file_name') ?? file.name;
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (isMediaFileName(fileName)) {
      return ingestMedia(db, target, { file: bytes, fileName, title: text('title'), description: text('description'), epustaka: text('epustaka'), thumbnail });
    }
    if (bytes.byteLength > MAX_BOOK_BYTES) tooLarge(MAX_BOOK_BYTES)();
    return ingestBook(db, target, {
      file: bytes,
      fileName,
      title: text('title'),
      author: text('author'),
      category: text('category'),
      epustaka: text('epustaka'),
      drm: text('drm') !== 'false',
      copies: text('copies') === undefined ? undefined : Number(text('copies')),
      password: text('password'),
      description: text('description'),
      publisher: text('publisher'),
    });
  }

  return app;
}
