import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';
import { listKeys } from './object-store.ts';

let ctx: TestContext;
let app: ReturnType<typeof createApi>;
let objectsDir: string;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-objects-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  overrideAccountSettings(ctx.deps, { log: () => {} });
  app = createApi(ctx.deps);
});
afterAll(async () => {
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

// A 1×1 PNG, a tiny GIF and the start of a JPEG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

async function signedIn() {
  const user = await ctx.createUser();
  const res = await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
  return { ...user, token: res.body.data.access_token as string };
}

async function upload(token: string, bytes: Uint8Array, options: { type?: string; name?: string; bucket?: string; path?: string } = {}) {
  const form = new FormData();
  form.set('bucketName', options.bucket ?? ctx.config.organizationId);
  form.set('storagePath', options.path ?? 'images/avatars');
  form.set('fileName', options.name ?? 'avatar-1.png');
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: options.type ?? 'image/png' }), options.name ?? 'avatar.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

async function storedFiles(): Promise<string[]> {
  return (await listKeys(ctx.deps.store, 'objects/')).map((key) => key.split('/').pop()!);
}

describe('storage/uploadobject', () => {
  test('keeps a PNG under a generated name and serves it with its type, nosniff and a sandbox', async () => {
    const user = await signedIn();
    const res = await upload(user.token, PNG, { name: '../../etc/passwd.png' });
    expect(res.status).toBe(201);
    expect(res.body.data.objId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.objName).toBe(`images/avatars/${res.body.data.objId}.png`);
    expect(await storedFiles()).toContain(res.body.data.objId);

    // Not attached to anything yet: only its uploader fetches it.
    const served = await app.request(`/storage/object/${res.body.data.objId}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test('takes GIF and JPEG by their signatures', async () => {
    const user = await signedIn();
    const gif = await upload(user.token, GIF, { type: 'image/gif', name: 'a.gif' });
    const jpg = await upload(user.token, JPEG, { type: 'image/jpeg', name: 'a.jpg' });
    expect(gif.body.data.objName).toMatch(/\.gif$/);
    expect(jpg.body.data.objName).toMatch(/\.jpg$/);
    const served = await app.request(`/storage/object/${jpg.body.data.objId}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  test('refuses a non-image renamed to .png and declared as image/png', async () => {
    const user = await signedIn();
    const before = (await storedFiles()).length;
    const res = await upload(user.token, Buffer.from('%PDF-1.7\n<script>alert(1)</script>'), { type: 'image/png', name: 'foto.png' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('image_type');
    expect(await storedFiles()).toHaveLength(before);
  });

  test('refuses an image of a type it does not take (BMP, SVG)', async () => {
    const user = await signedIn();
    const bmp = await upload(user.token, Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), { type: 'image/bmp', name: 'a.bmp' });
    const svg = await upload(user.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { type: 'image/svg+xml', name: 'a.svg' });
    expect(bmp.body.errors[0].code).toBe('image_type');
    expect(svg.body.errors[0].code).toBe('image_type');
  });

  test('refuses a file of 2 MB or more with 413 image_too_large', async () => {
    const user = await signedIn();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(user.token, big);
    expect(res.status).toBe(413);
    expect(res.body.errors[0].code).toBe('image_too_large');
    const exact = await upload(user.token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]));
    expect(exact.status).toBe(413);
  });

  test('refuses another organisation’s bucket, an unknown path and a missing session', async () => {
    const user = await signedIn();
    expect((await upload(user.token, PNG, { bucket: '11111111-2222-4333-8444-555555555555' })).body.errors[0].code).toBe('invalid_bucket');
    expect((await upload(user.token, PNG, { path: 'books/secret' })).body.errors[0].code).toBe('invalid_storage_path');
    expect((await upload('nope', PNG)).status).toBe(401);
  });

  test('a full quota answers 403 with "Quota capacity is exceed"', async () => {
    const user = await signedIn();
    await ctx.db.query('UPDATE users SET storage_quota = $2 WHERE id = $1', [user.id, PNG.length * 2]);
    expect((await upload(user.token, PNG)).status).toBe(201);
    expect((await upload(user.token, PNG)).status).toBe(201);
    const full = await upload(user.token, PNG);
    expect(full.status).toBe(403);
    expect(full.body.errors[0]).toMatchObject({ code: 'quota_exceeded', message: 'Quota capacity is exceed' });
  });
});

describe('avatar', () => {
  test('an uploaded picture becomes the avatar; the one it replaces is deleted', async () => {
    const user = await signedIn();
    const first = (await upload(user.token, PNG)).body.data.objId;
    const saved = await ctx.request('PUT', '/auth/account', { token: user.token, body: { scope: 'profile', data: { avatar_file_id: first } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.avatar_url).toBe(`/storage/object/${first}`);
    const header = await ctx.request('GET', '/webhook/profile', { token: user.token });
    expect(header.body.data.avatar_url).toBe(`/storage/object/${first}`);

    const second = (await upload(user.token, GIF, { type: 'image/gif' })).body.data.objId;
    await ctx.request('PUT', '/auth/account', { token: user.token, body: { scope: 'profile', data: { avatar_file_id: second } } });
    expect((await app.request(`/storage/object/${first}`)).status).toBe(404);
    expect(await storedFiles()).not.toContain(first);
    expect((await app.request(`/storage/object/${second}`)).status).toBe(200);
  });

  test('someone else’s upload cannot become one’s avatar', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const id = (await upload(owner.token, PNG)).body.data.objId;
    const res = await ctx.request('PUT', '/auth/account', { token: other.token, body: { scope: 'profile', data: { avatar_file_id: id } } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_avatar_file_id');
  });

  test('an unknown object is 404', async () => {
    expect((await app.request('/storage/object/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.request('/storage/object/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
