import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { removeObjectSchema, uploadFieldsSchema } from '../../src/lib/account/schema.ts';
import { IMAGE_MAX_BYTES } from '../../src/lib/account/rules.ts';
import { findVisibleObject, readObjectBytes, removeOwnUpload, storeUpload } from './uploads.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { optionalCaller, requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { assertStorableText, jsonBody } from '../http/validate.ts';
import { writeLimit } from '../limits/write-limits.ts';
import type { ApiDeps } from '../deps.ts';

const objectParam = z.uuid();

/** storage/uploadobject (multipart: bucketName, storagePath, file, fileName), storage/removeobject and storage/object/{id}. */
export function storageUploadRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();

  app.post(
    '/uploadobject',
    // Refuses an oversize body before reading it all; the form fields need a little room.
    bodyLimit({
      maxSize: IMAGE_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiError(413, 'image_too_large', 'The image must be smaller than 2 MB.', { field: 'file' });
      },
    }),
    requireCaller(deps),
    writeLimit(deps, 'upload'),
    async (c) => {
      let form: Record<string, string | File>;
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>;
      } catch (cause) {
        throw new ApiError(400, 'invalid_form', 'Send the upload as multipart/form-data.', { cause });
      }
      for (const [name, value] of Object.entries(form)) if (typeof value === 'string') assertStorableText(value, name);
      const fields = uploadFieldsSchema.safeParse({
        bucketName: form.bucketName,
        storagePath: form.storagePath,
        fileName: typeof form.fileName === 'string' ? form.fileName : undefined,
      });
      if (!fields.success) {
        const issue = fields.error.issues[0]!;
        throw badRequest(/^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_input', issue.message, issue.path.join('.'));
      }
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file_required', 'Choose a file to upload.', 'file');
      const result = await storeUpload(deps, c.get('caller'), { bucketName: fields.data.bucketName, storagePath: fields.data.storagePath, file });
      return c.json({ data: result }, 201);
    },
  );

  // POST as its neighbour uploadobject; DELETE as the API's other removals.
  for (const method of ['post', 'delete'] as const) {
    app[method]('/removeobject', requireCaller(deps), async (c) => {
      const { objId } = await jsonBody(c, removeObjectSchema);
      await removeOwnUpload(deps, c.get('caller').user.id, objId);
      return c.json({ data: { objId, deleted: true } });
    });
  }

  app.get('/object/:id', optionalCaller(deps), async (c) => {
    const id = objectParam.safeParse(c.req.param('id'));
    const found = id.success ? await findVisibleObject(deps, id.data, c.get('caller')?.user.id ?? null) : undefined;
    // An object the asker may not see does not exist for them.
    if (!found) throw notFound('object_not_found', 'No such object.');
    // Objects never change (a new picture is a new object): a public one may be kept by any cache
    // for a year. One that depends on who asks (a members-only post's picture, an upload not yet
    // posted) is kept by none, not even the browser: a membership can end or a shared browser be
    // signed out at any moment, and the next fetch is checked again.
    const cache = found.audience === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store';
    const etag = `"${found.object.id}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { 'Cache-Control': cache, ETag: etag });
    const bytes = await readObjectBytes(deps.store, found.object.id);
    if (!bytes) throw notFound('object_not_found', 'No such object.');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': found.object.content_type,
      'Content-Length': String(bytes.length),
      'Cache-Control': cache,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    });
  });

  return app;
}
