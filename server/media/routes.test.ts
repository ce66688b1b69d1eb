import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createApi } from '../app.ts';
import { ingestMedia } from './ingest.ts';
import { IngestError } from '../reader/errors.ts';
import { demoMediaPath } from '../seed/media/media.ts';
import { listFolders } from '../storage/object-store.ts';

let ctx: TestContext;
let dataDir: string;
let app: ReturnType<typeof createApi>;
let privateVideo: string;
let publicAudio: string;
let libraries: { private: string; public: string };
let member: Caller;
let stranger: Caller;
const video = new Uint8Array(readFileSync(demoMediaPath('tur-perpustakaan.webm')));
const audio = new Uint8Array(readFileSync(demoMediaPath('dongeng-kancil.ogg')));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'media-test-'));
  ctx = await createTestContext({ dataDir });
  app = createApi(ctx.deps);
  const privateLib = await createEpustaka(ctx, { name: 'Pustaka Video Tertutup', isPrivate: true });
  const publicLib = await createEpustaka(ctx, { name: 'Pustaka Audio Terbuka' });
  libraries = { private: privateLib, public: publicLib };
  const target = { store: ctx.deps.store, organizationId: ctx.config.organizationId };
  privateVideo = (await ingestMedia(ctx.db, target, { file: video, fileName: 'tur.webm', title: 'Tur Tertutup', epustaka: privateLib })).id;
  publicAudio = (await ingestMedia(ctx.db, target, { file: audio, fileName: 'kancil.ogg', title: 'Kancil Terbuka', epustaka: publicLib })).id;
  member = await createCaller(ctx);
  stranger = await createCaller(ctx);
  await addMember(ctx, privateLib, member.id, 1);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function file(id: string, caller: Caller | null, headers: Record<string, string> = {}) {
  return app.request(`/storage/media/${id}/file`, { headers: { ...headers, ...(caller ? { authorization: `Bearer ${caller.token}` } : {}) } });
}

describe('GET webhook/public-multimedia-list', () => {
  test('a visitor lists one public library’s items; a private library’s list is empty', async () => {
    const list = async (type: string, epustaka: string) => {
      const res = await app.request(`/webhook/public-multimedia-list?type=${type}&epustaka_id=${epustaka}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: string }[]; meta: { total: number } });
    };
    expect((await list('audio', libraries.public)).data.map((m) => m.id)).toEqual([publicAudio]);
    expect((await list('video', libraries.private)).meta.total).toBe(0);
    expect((await list('audio', libraries.private)).meta.total).toBe(0);
  });
});

describe('storage/media/{id}/file', () => {
  test('a private item’s bytes go to active members only: others get 403 whatever they send', async () => {
    expect((await file(privateVideo, stranger)).status).toBe(403);
    expect((await file(privateVideo, stranger, { range: 'bytes=0-99' })).status).toBe(403);
    expect((await file(privateVideo, null)).status).toBe(403);
    const waiting = await createCaller(ctx);
    expect((await file(privateVideo, waiting)).status).toBe(403);
    const res = await file(privateVideo, member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(video);
  });

  test('ranges answer 206 with the right bytes, 416 outside the file', async () => {
    const res = await file(privateVideo, member, { range: 'bytes=1000-1999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${video.byteLength}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(video.subarray(1000, 2000));
    const tail = await file(privateVideo, member, { range: 'bytes=-10' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.subarray(video.byteLength - 10));
    const outside = await file(privateVideo, member, { range: `bytes=${video.byteLength}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${video.byteLength}`);
  });

  test('an item of a public library plays for anyone; unknown ids are 404', async () => {
    expect((await file(publicAudio, null, { range: 'bytes=0-3' })).status).toBe(206);
    expect((await file('00000000-0000-4000-8000-000000000000', member)).status).toBe(404);
  });
});

describe('webhook/multimedia-detail and collection-access-history', () => {
  test('a non-member sees the item without its file; a member gets the file and resumes where they left', async () => {
    const closed = await ctx.request('GET', `/webhook/multimedia-detail?media_id=${privateVideo}`, { token: stranger.token });
    expect(closed.body.data).toMatchObject({ can_play: false, media_file_url: null, type: 'video', media_duration: 16 });
    const open = await ctx.request('GET', `/webhook/multimedia-detail?media_id=${privateVideo}`, { token: member.token });
    expect(open.body.data).toMatchObject({ can_play: true, media_file_url: `/storage/media/${privateVideo}/file`, progress: 0 });
    const collection = open.body.data.epustaka_collection_id;
    expect((await ctx.request('POST', '/webhook/collection-access-history', { token: stranger.token, body: { epustaka_collection_id: collection, progress: 5 } })).status).toBe(403);
    const saved = await ctx.request('POST', '/webhook/collection-access-history', { token: member.token, body: { epustaka_collection_id: collection, progress: 9 } });
    expect(saved.status).toBe(201);
    const again = await ctx.request('GET', `/webhook/multimedia-detail?media_id=${privateVideo}`, { token: member.token });
    expect(again.body.data.progress).toBe(9);
    const history = await ctx.request('GET', '/webhook/multimedia-history-list?type=video', { token: member.token });
    expect(history.body.data.map((h: { id: string; progress: number }) => [h.id, h.progress])).toEqual([[privateVideo, 9]]);
  });

  test('the public detail shows only items of public libraries', async () => {
    expect((await ctx.request('GET', `/webhook/public-multimedia-detail?media_id=${privateVideo}`)).status).toBe(404);
    const open = await ctx.request('GET', `/webhook/public-multimedia-detail?media_id=${publicAudio}`);
    expect(open.body.data).toMatchObject({ type: 'audio', can_play: true, media_duration: 22 });
  });
});

describe('media ingest refusals', () => {
  const target = () => ({ store: ctx.deps.store, organizationId: ctx.config.organizationId });
  async function refused(input: { file: Uint8Array; fileName: string }): Promise<string> {
    const before = (await listFolders(ctx.deps.store, 'media/')).length;
    const rows = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_items')).rows[0]!.n;
    const error = await ingestMedia(ctx.db, target(), input).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((await listFolders(ctx.deps.store, 'media/')).length).toBe(before);
    expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_items')).rows[0]!.n).toBe(rows);
    return (error as IngestError).code;
  }

  test('a file that is not what its extension says, truncated, empty or over the limit is refused and nothing is stored', async () => {
    expect(await refused({ file: audio, fileName: 'lesson.webm' })).toBe('media_mismatch');
    expect(await refused({ file: video.subarray(0, Math.floor(video.byteLength / 2)), fileName: 'lesson.webm' })).toBe('media_truncated');
    expect(await refused({ file: new Uint8Array(0), fileName: 'lesson.ogg' })).toBe('media_mismatch');
    expect(await refused({ file: audio.subarray(0, 30_000), fileName: 'lesson.ogg' })).toBe('media_truncated');
    expect(await refused({ file: new TextEncoder().encode('OggS but nothing after'), fileName: 'lesson.ogg' })).toMatch(/media_(unreadable|no_duration)/);
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set([0x4f, 0x67, 0x67, 0x53]);
    expect(await refused({ file: big, fileName: 'huge.ogg' })).toBe('file_too_large');
    expect(await refused({ file: audio, fileName: 'notes.txt' })).toBe('unsupported_media');
  });
});

describe('webhook/multimedia-list', () => {
  test('lists one type, newest first, with A–Z and search', async () => {
    const videos = await ctx.request('GET', '/webhook/multimedia-list?type=video', { token: stranger.token });
    expect(videos.body.data.map((m: { id: string }) => m.id)).toEqual([privateVideo]);
    expect(videos.body.data[0].media_file_url).toBeNull();
    const audios = await ctx.request('GET', '/webhook/multimedia-list?type=audio&sort=media_title&q=kancil', { token: stranger.token });
    expect(audios.body.meta.total).toBe(1);
    expect((await ctx.request('GET', '/webhook/multimedia-list?type=video&sort=popular', { token: stranger.token })).status).toBe(400);
  });
});

describe('comments on video and audio', () => {
  test('members of a private item’s library comment on it; others neither read nor write', async () => {
    const posted = await ctx.request('POST', '/webhook/comment', { token: member.token, body: { object_type: 'VIDEO', object_id: privateVideo, comment: 'Videonya jelas sekali.' } });
    expect(posted.status).toBeLessThan(300);
    const list = await ctx.request('GET', `/webhook/comment-list?object_type=VIDEO&object_id=${privateVideo}`, { token: member.token });
    expect(list.body.data.map((c: { comment: string }) => c.comment)).toEqual(['Videonya jelas sekali.']);
    expect((await ctx.request('GET', `/webhook/comment-list?object_type=VIDEO&object_id=${privateVideo}`, { token: stranger.token })).status).toBe(404);
    const refused = await ctx.request('POST', '/webhook/comment', { token: stranger.token, body: { object_type: 'VIDEO', object_id: privateVideo, comment: 'Halo' } });
    expect(refused.status).toBe(404);
    // An audio item of a public library is open to comments from anyone signed in; not as a video.
    expect((await ctx.request('POST', '/webhook/comment', { token: stranger.token, body: { object_type: 'AUDIO', object_id: publicAudio, comment: 'Seru!' } })).status).toBeLessThan(300);
    expect((await ctx.request('POST', '/webhook/comment', { token: stranger.token, body: { object_type: 'VIDEO', object_id: publicAudio, comment: 'Seru!' } })).status).toBe(404);
  });
});

describe('YouTube items', () => {
  test('play through the embed for those allowed: the id only reaches them', async () => {
    const { ingestYoutube } = await import('./ingest.ts');
    const privateLib = await createEpustaka(ctx, { isPrivate: true });
    const { id } = await ingestYoutube(ctx.db, { store: ctx.deps.store, organizationId: ctx.config.organizationId }, { youtubeId: 'dQw4w9WgXcQ', title: 'Kelas Daring', duration: 212, epustaka: privateLib });
    const inside = await createCaller(ctx);
    await addMember(ctx, privateLib, inside.id, 1);
    const open = await ctx.request('GET', `/webhook/multimedia-detail?media_id=${id}`, { token: inside.token });
    expect(open.body.data).toMatchObject({ media_extension: 'youtube', youtube_id: 'dQw4w9WgXcQ', media_file_url: null, can_play: true });
    const closed = await ctx.request('GET', `/webhook/multimedia-detail?media_id=${id}`, { token: stranger.token });
    expect(closed.body.data).toMatchObject({ youtube_id: null, can_play: false });
    await expect(ingestYoutube(ctx.db, { store: ctx.deps.store, organizationId: ctx.config.organizationId }, { youtubeId: 'not an id', title: 'x', duration: 5 })).rejects.toThrow(IngestError);
  });
});
