import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { AccountProfile, District, MessageResult, UploadResult } from './schema.ts';
import { DISTRICT_PAGE } from '../contract/values.ts';
import { toApiError, networkError, type ApiError } from '../http/errors.ts';
import { withQuery } from '../http/query.ts';

/**
 * GET webhook/district-list: a page of districts, optionally searched by name. Sent without
 * credentials: the list is public and fetched without a token (spec 02 §6).
 */
export async function fetchDistricts(params: { q?: string; offset?: number; limit?: number }, fetcher: typeof fetch = fetch): Promise<ListBody<District>> {
  const url = withQuery('/webhook/district-list', { limit: params.limit ?? DISTRICT_PAGE, offset: params.offset ?? 0, q: params.q?.trim() || undefined });
  let res: Response;
  try {
    res = await fetcher(url, { credentials: 'omit', headers: { accept: 'application/json' } });
  } catch (cause) {
    throw networkError(cause);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw toApiError(res.status, body);
  return body as ListBody<District>;
}

/** PUT auth/account scope profile (spec 02 §7). */
export async function updateAccountProfile(http: HttpClient, data: Record<string, unknown>): Promise<AccountProfile> {
  return (await http.put<ItemBody<AccountProfile>>('auth/account', { scope: 'profile', data })).data;
}

/** PUT auth/account scope password; every session ends when it succeeds. */
export async function changeAccountPassword(http: HttpClient, data: { old_password: string; new_password: string }): Promise<MessageResult> {
  return (await http.put<ItemBody<MessageResult>>('auth/account', { scope: 'password', data })).data;
}

export interface UploadOptions {
  bucketName: string;
  storagePath: 'images/avatars' | 'images/posts' | 'images/quizzes';
  file: Blob;
  fileName: string;
  /** Called with 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/**
 * POST storage/uploadobject as multipart (bucketName, storagePath, file, fileName). This one call
 * uses XMLHttpRequest: fetch reports no upload progress.
 * @returns objId and objName; rejects with an {@link ApiError}.
 */
export function uploadObject(options: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('bucketName', options.bucketName);
    form.set('storagePath', options.storagePath);
    form.set('fileName', options.fileName);
    form.set('file', options.file, options.fileName);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/storage/uploadobject');
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    // Every byte has left: the server is now storing the file.
    xhr.upload.onload = () => options.onProgress?.(100);
    xhr.onload = () => {
      const body = xhr.response as { data?: UploadResult } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.objId) resolve(body.data);
      else reject(toApiError(xhr.status, body) as ApiError);
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}

/**
 * POST storage/removeobject: removes one of the caller's uploads that no post or avatar uses, giving
 * its space back (the client's wrapper sends the body inside `data`).
 */
export async function removeObject(http: HttpClient, objId: string): Promise<void> {
  await http.post('storage/removeobject', { objId });
}
