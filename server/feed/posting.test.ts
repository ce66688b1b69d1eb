import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';

let ctx: TestContext;
let app: ReturnType<typeof createApi>;
let objectsDir: string;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-posts-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  overrideAccountSettings(ctx.deps, { log: () => {} });
  app = createApi(ctx.deps);
});
afterAll(async () => {
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(caller: Caller, bytes: Uint8Array, path = 'images/posts', type = 'image/png') {
  const form = new FormData();
  form.set('bucketName', ctx.config.organizationId);
  form.set('storagePath', path);
  form.set('fileName', 'post-1.png');
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'post.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${caller.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

function posting(caller: Caller, body: Record<string, unknown>) {
  return ctx.request('POST', '/webhook/posting', { token: caller.token, body });
}

describe('webhook/posting', () => {
  test('posts text and a picture uploaded under images/posts; followers see it; stored text stays text', async () => {
    const author = await createCaller(ctx, { name: 'Penulis Kiriman' });
    const fan = await createCaller(ctx);
    await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: author.id } });
    const image = await upload(author, PNG);
    expect(image.status).toBe(201);
    const res = await posting(author, { message: ' <script>alert(1)</script> Halo ', sender_type: 'USER', sender_id: author.id, image_file_id: image.body.data.objId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      feed_type: 'VISUAL_POST',
      message: '<script>alert(1)</script> Halo',
      post: { image_url: `/storage/object/${image.body.data.objId}`, message: '<script>alert(1)</script> Halo' },
      is_mine: true,
    });
    const seen = await ctx.request('GET', '/webhook/feeds', { token: fan.token });
    expect(seen.body.data[0].id).toBe(res.body.data.id);
    const picture = await app.request(`/storage/object/${image.body.data.objId}`, { headers: { authorization: `Bearer ${fan.token}` } });
    expect(picture.headers.get('content-type')).toBe('image/png');

    expect((await posting(author, { message: 'Teks saja' })).status).toBe(201);
    const second = await upload(author, PNG);
    expect((await posting(author, { image_file_id: second.body.data.objId })).status).toBe(201);
    // A picture belongs to one post: it cannot be posted again elsewhere.
    expect((await posting(author, { message: 'Lagi', image_file_id: image.body.data.objId })).body.errors[0].code).toBe('invalid_image');
  });

  test('refuses an empty post, a picture that is not one, someone else’s picture and another sender', async () => {
    const author = await createCaller(ctx);
    const other = await createCaller(ctx);
    const empty = await posting(author, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].code).toBe('post_empty');
    // The upload is checked by its signature, whatever its declared type.
    const fake = await upload(author, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'images/posts', 'image/png');
    expect(fake.status).toBe(400);
    const big = await upload(author, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    const theirs = await upload(other, PNG);
    expect((await posting(author, { message: 'x', image_file_id: theirs.body.data.objId })).body.errors[0].code).toBe('invalid_image');
    const avatar = await upload(author, PNG, 'images/avatars');
    expect((await posting(author, { message: 'x', image_file_id: avatar.body.data.objId })).body.errors[0].code).toBe('invalid_image');
    const impostor = await posting(author, { message: 'x', sender_type: 'USER', sender_id: other.id });
    expect(impostor.status).toBe(403);
    const epustakaId = await createEpustaka(ctx, { ownerId: other.id });
    expect((await posting(author, { message: 'x', sender_type: 'EPUSTAKA', sender_id: epustakaId })).body.errors[0].code).toBe('not_epustaka_owner');
    const asLibrary = await posting(other, { message: 'Koleksi baru', sender_type: 'EPUSTAKA', sender_id: epustakaId });
    expect(asLibrary.status).toBe(201);
    expect(asLibrary.body.data).toMatchObject({ sender_type: 'EPUSTAKA', sender: { id: epustakaId }, is_mine: true });
    const listed = await ctx.request('GET', `/webhook/epustaka-feeds?epustaka_id=${epustakaId}`, { token: author.token });
    expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([asLibrary.body.data.id]);
  });

  test('only the author deletes a post', async () => {
    const author = await createCaller(ctx);
    const fan = await createCaller(ctx);
    await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: author.id } });
    const id = (await posting(author, { message: 'Sebentar saja' })).body.data.id;
    const foreign = await ctx.request('DELETE', '/webhook/posting', { token: fan.token, body: { id } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_your_post');
    await ctx.request('POST', '/webhook/like', { token: fan.token, body: { object_type: 'FEED', object_id: id } });
    expect((await ctx.request('DELETE', '/webhook/posting', { token: author.token, body: { id } })).status).toBe(200);
    expect((await ctx.request('GET', `/webhook/feed-detail?id=${id}`, { token: fan.token })).status).toBe(404);
    expect((await ctx.request('DELETE', '/webhook/posting', { token: author.token, body: { id } })).status).toBe(404);
  });
});
