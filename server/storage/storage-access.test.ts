import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';
import { listKeys } from './object-store.ts';

/*
 * Who may fetch an uploaded picture (it follows what it belongs to), how long it may be cached, and
 * storage/removeobject.
 */

let ctx: TestContext;
let app: ReturnType<typeof createApi>;
let objectsDir: string;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-access-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  overrideAccountSettings(ctx.deps, { log: () => {} });
  app = createApi(ctx.deps);
});
afterAll(async () => {
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

async function upload(caller: Caller, path = 'images/posts'): Promise<string> {
  const form = new FormData();
  form.set('bucketName', ctx.config.organizationId);
  form.set('storagePath', path);
  form.set('fileName', 'foto.png');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${caller.token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { objId: string } }).data.objId;
}

async function post(caller: Caller, body: Record<string, unknown>): Promise<string> {
  const res = await ctx.request('POST', '/webhook/posting', { token: caller.token, body: { message: 'Foto', ...body } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** GET storage/object/{id} as `caller` (a visitor when null). */
async function fetchObject(id: string, caller: Caller | null, headers: Record<string, string> = {}) {
  const res = await app.request(`/storage/object/${id}`, { headers: { ...headers, ...(caller ? { authorization: `Bearer ${caller.token}` } : {}) } });
  return { status: res.status, cache: res.headers.get('cache-control'), body: Buffer.from(await res.arrayBuffer()) };
}

function removeObject(caller: Caller | null, body: unknown, method: 'POST' | 'DELETE' = 'POST') {
  return ctx.request(method, '/storage/removeobject', { token: caller?.token, body });
}

async function storedFiles(): Promise<string[]> {
  return (await listKeys(ctx.deps.store, 'objects/')).map((key) => key.split('/').pop()!);
}

async function used(userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ used: number }>('SELECT coalesce((SELECT used FROM storage_usage WHERE user_id = $1), 0)::bigint AS used', [userId]);
  return Number(rows[0]!.used);
}

describe('who may fetch a picture', () => {
  test('a private ePustaka’s post picture: its members and author, privately; nobody else, whatever they send', async () => {
    const owner = await createCaller(ctx);
    const member = await createCaller(ctx);
    const lapsed = await createCaller(ctx);
    const stranger = await createCaller(ctx);
    const epustakaId = await createEpustaka(ctx, { isPrivate: true, ownerId: owner.id });
    await addMember(ctx, epustakaId, member.id);
    await addMember(ctx, epustakaId, lapsed.id, 3);
    const picture = await upload(owner);
    await post(owner, { sender_type: 'EPUSTAKA', sender_id: epustakaId, image_file_id: picture });

    for (const reader of [member, owner]) {
      const seen = await fetchObject(picture, reader);
      expect(seen).toMatchObject({ status: 200, cache: PRIVATE_CACHE });
      expect(seen.body.equals(PNG)).toBe(true);
    }
    for (const outsider of [null, stranger, lapsed]) {
      const refused = await fetchObject(picture, outsider);
      expect(refused.status).toBe(404);
      expect(refused.cache).toBe('no-store');
      // Knowing the ETag does not help.
      expect((await fetchObject(picture, outsider, { 'if-none-match': `"${picture}"` })).status).toBe(404);
    }
  });

  test('a public ePustaka’s post picture and an avatar are public and cached for long', async () => {
    const owner = await createCaller(ctx);
    const epustakaId = await createEpustaka(ctx, { isPrivate: false, ownerId: owner.id });
    const picture = await upload(owner);
    await post(owner, { sender_type: 'EPUSTAKA', sender_id: epustakaId, image_file_id: picture });
    expect(await fetchObject(picture, null)).toMatchObject({ status: 200, cache: PUBLIC_CACHE });

    const avatar = await upload(owner, 'images/avatars');
    expect((await ctx.request('PUT', '/auth/account', { token: owner.token, body: { scope: 'profile', data: { avatar_file_id: avatar } } })).status).toBe(200);
    expect(await fetchObject(avatar, null)).toMatchObject({ status: 200, cache: PUBLIC_CACHE });
    expect((await fetchObject(avatar, null, { 'if-none-match': `"${avatar}"` })).status).toBe(304);
  });

  test('a user’s post picture: the author and followers, privately', async () => {
    const author = await createCaller(ctx);
    const fan = await createCaller(ctx);
    const stranger = await createCaller(ctx);
    await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: author.id } });
    const picture = await upload(author);
    await post(author, { sender_type: 'USER', sender_id: author.id, image_file_id: picture });
    expect(await fetchObject(picture, author)).toMatchObject({ status: 200, cache: PRIVATE_CACHE });
    expect(await fetchObject(picture, fan)).toMatchObject({ status: 200, cache: PRIVATE_CACHE });
    expect((await fetchObject(picture, stranger)).status).toBe(404);
    expect((await fetchObject(picture, null)).status).toBe(404);
  });

  test('an upload not attached to anything yet is its uploader’s alone', async () => {
    const uploader = await createCaller(ctx);
    const other = await createCaller(ctx);
    const picture = await upload(uploader);
    expect(await fetchObject(picture, uploader)).toMatchObject({ status: 200, cache: PRIVATE_CACHE });
    expect((await fetchObject(picture, other)).status).toBe(404);
    expect((await fetchObject(picture, null)).status).toBe(404);
  });

  test('deleting a post deletes its picture and gives its space back', async () => {
    const author = await createCaller(ctx);
    const picture = await upload(author);
    const id = await post(author, { image_file_id: picture });
    expect(await used(author.id)).toBe(PNG.length);
    expect((await ctx.request('DELETE', '/webhook/posting', { token: author.token, body: { id } })).status).toBe(200);
    expect((await fetchObject(picture, author)).status).toBe(404);
    expect(await storedFiles()).not.toContain(picture);
    expect(await used(author.id)).toBe(0);
  });
});

describe('storage/removeobject', () => {
  test('the uploader removes an unattached upload (bare or wrapped in data, POST or DELETE); its space comes back', async () => {
    const uploader = await createCaller(ctx);
    const first = await upload(uploader);
    const second = await upload(uploader);
    expect(await used(uploader.id)).toBe(2 * PNG.length);
    const removed = await removeObject(uploader, { data: { objId: first } });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ objId: first, deleted: true });
    expect((await removeObject(uploader, { objId: second }, 'DELETE')).status).toBe(200);
    expect(await used(uploader.id)).toBe(0);
    expect(await storedFiles()).not.toContain(first);
    expect((await fetchObject(first, uploader)).status).toBe(404);
    // A second removal finds nothing and gives nothing back.
    const again = await removeObject(uploader, { objId: first });
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('object_not_found');
    expect(await used(uploader.id)).toBe(0);
  });

  test('refuses someone else’s object, a picture still in use, a bad id and a missing session', async () => {
    const uploader = await createCaller(ctx);
    const other = await createCaller(ctx);
    const loose = await upload(uploader);
    const theirs = await removeObject(other, { objId: loose });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors[0].code).toBe('object_not_found');

    const posted = await upload(uploader);
    await post(uploader, { image_file_id: posted });
    const avatar = await upload(uploader, 'images/avatars');
    await ctx.request('PUT', '/auth/account', { token: uploader.token, body: { scope: 'profile', data: { avatar_file_id: avatar } } });
    for (const objId of [posted, avatar]) {
      const inUse = await removeObject(uploader, { objId });
      expect(inUse.status).toBe(409);
      expect(inUse.body.errors[0].code).toBe('object_in_use');
      expect((await fetchObject(objId, uploader)).status).toBe(200);
    }

    const bad = await removeObject(uploader, { objId: '../../etc/passwd' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_object_id');
    expect((await removeObject(null, { objId: loose })).status).toBe(401);
    expect((await fetchObject(loose, uploader)).status).toBe(200);
  });
});
