import { randomUUID } from 'node:crypto';
import type { ApiDeps } from '../deps.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { schoolFileLimit, sniffSchoolFile } from '../../src/lib/schoolday/rules.ts';
import { SCHOOL_DOCUMENT_MAX_BYTES } from '../../src/lib/schoolday/values.ts';

/*
 * Files of the school day (a material's, a hand-in's) are kept in the object store under
 * `schoolday/`, and served only through the routes that check who asks. Their type comes from
 * their first bytes, never from the name: a PDF, an Office document or a picture; a picture must
 * stay under 2 MB and a document under 20 MB.
 */

/** A file checked and ready to keep. */
export interface CheckedFile {
  key: string;
  name: string;
  type: string;
  size: number;
  bytes: Uint8Array;
}

/** Checks a file's signature and size; throws 400 `file_type` or 413 `file_too_large`. */
export async function checkFile(file: File): Promise<CheckedFile> {
  if (file.size > SCHOOL_DOCUMENT_MAX_BYTES) throw new ApiError(413, 'file_too_large', 'The file is larger than allowed.', { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = bytes.length > 0 ? sniffSchoolFile(bytes) : null;
  if (!type) throw badRequest('file_type', 'Upload a PDF, a Word, PowerPoint or Excel document, or a JPG, PNG or GIF picture.', 'file');
  if (bytes.length > schoolFileLimit(type)) throw new ApiError(413, 'file_too_large', 'The file is larger than allowed.', { field: 'file' });
  const name = (file.name || 'file').replace(/[\\/\u0000-\u001f"]/g, '_').slice(0, 200);
  return { key: `schoolday/${randomUUID()}`, name, type, size: bytes.length, bytes };
}

/** Writes a checked file's bytes; the caller stores its row in the same breath and removes the bytes if that fails. */
export async function putFile(deps: ApiDeps, file: CheckedFile): Promise<void> {
  await deps.store.put(file.key, file.bytes);
}

/** Removes stored bytes; a failure leaves unreachable bytes, never a broken row. */
export async function dropFile(deps: ApiDeps, key: string | null): Promise<void> {
  if (key) await deps.store.delete(key).catch((error: Error) => console.warn(`[schoolday] could not delete ${key}: ${error.message}`));
}

/** The headers of a download: the stored type, as an attachment with its name. */
export function downloadHeaders(name: string, type: string, size: number): Record<string, string> {
  return {
    'Content-Type': type,
    'Content-Length': String(size),
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}
