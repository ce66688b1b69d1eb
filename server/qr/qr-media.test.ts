import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { ingestMedia } from '../media/ingest.ts';
import { demoMediaPath } from '../seed/media/media.ts';

/* QR codes for video, audio and articles: made by the owner of an ePustaka holding them, resolved for anyone. */

let ctx: TestContext;
let dataDir: string;
let owner: Caller;
let stranger: Caller;
let videoId: string;
let articleId: string;

beforeAll(async () => {
  // A video's thumbnail is one of its frames, taken with ffmpeg; without it the codes have no cover.
  if (spawnSync('ffmpeg', ['-version']).error) throw new Error('ffmpeg is not installed: run `bash scripts/ensure-ffmpeg.sh` (it installs Debian\'s ffmpeg as root, or says what to install)');
  dataDir = mkdtempSync(join(tmpdir(), 'qr-media-'));
  ctx = await createTestContext({ dataDir });
  owner = await createCaller(ctx, { name: 'Ratna Wulandari' });
  stranger = await createCaller(ctx, { name: 'Sekar Ayu' });
  const open = await createEpustaka(ctx, { name: 'Pustaka Terbuka', ownerId: owner.id });
  const closed = await createEpustaka(ctx, { name: 'Pustaka Tertutup', ownerId: owner.id, isPrivate: true });
  const file = new Uint8Array(readFileSync(demoMediaPath('tur-perpustakaan.webm')));
  videoId = (await ingestMedia(ctx.db, { store: ctx.deps.store, organizationId: ctx.config.organizationId }, { file, fileName: 'tur.webm', title: 'Tur Perpustakaan', epustaka: open })).id;
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO news (organization_id, news_title, news_author, news_thumbnail_url, news_content) VALUES ($1, 'Jadwal Ujian', 'Bu Ratna', '/media/news/a.jpg', '<p>Isi</p>') RETURNING id`,
    [ctx.config.organizationId],
  );
  articleId = rows[0]!.id;
  await ctx.db.query('INSERT INTO epustaka_news (epustaka_id, news_id) VALUES ($1, $2)', [closed, articleId]);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const create = (caller: Caller, body: Record<string, unknown>) => ctx.request('POST', '/webhook/qr-code', { token: caller.token, body });

describe('QR codes for video, audio and articles', () => {
  test('the owner lists and makes codes for the video and articles their ePustakas hold; others cannot', async () => {
    const targets = await ctx.request('GET', '/webhook/qr-targets', { token: owner.token });
    expect(targets.body.data).toEqual(
      expect.arrayContaining([
        { type: 'VIDEO', id: videoId, title: 'Tur Perpustakaan', subtitle: 'Pustaka Terbuka' },
        { type: 'ARTICLE', id: articleId, title: 'Jadwal Ujian', subtitle: 'Pustaka Tertutup' },
      ]),
    );
    expect((await ctx.request('GET', '/webhook/qr-targets?q=jadwal', { token: owner.token })).body.data.map((c: { id: string }) => c.id)).toEqual([articleId]);
    expect((await create(stranger, { target_type: 'VIDEO', target_id: videoId })).body.errors[0].code).toBe('qr_not_owner');
    // A video is not an audio item.
    expect((await create(owner, { target_type: 'AUDIO', target_id: videoId })).status).toBe(404);

    const video = await create(owner, { target_type: 'VIDEO', target_id: videoId, location_label: 'Ruang baca' });
    expect(video.status).toBe(201);
    expect(video.body.data.target).toEqual({ type: 'VIDEO', id: videoId, title: 'Tur Perpustakaan', subtitle: null, cover_url: `/storage/media/${videoId}/thumbnail`, is_public: true });
    const article = await create(owner, { target_type: 'ARTICLE', target_id: articleId });
    expect(article.status).toBe(201);

    // Anyone resolves them; a private library's article says it is not public.
    const info = await ctx.request('GET', `/webhook/qr-info?qr_id=${article.body.data.id}`);
    expect(info.status).toBe(200);
    expect(info.body.data.target).toMatchObject({ type: 'ARTICLE', id: articleId, title: 'Jadwal Ujian', is_public: false });
  });
});
