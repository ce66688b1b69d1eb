import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';
import { openPostgres, type Db } from '../db/client.ts';
import { IMAGE_MAX_BYTES } from '../../src/lib/account/rules.ts';
import type { ApiDeps } from '../deps.ts';
import { listKeys, type ObjectStore } from './object-store.ts';
import { reserveObject } from './objects.repository.ts';
import { sweepUnstoredUploads } from './uploads.ts';

/*
 * The storage quota under racing uploads and removals. On PostgreSQL the uploads are shared
 * between two API instances with their own connection pools on one database, as two servers
 * behind a load balancer: nothing may be counted in a process's memory.
 */

let ctx: TestContext;
let objectsDir: string;
let second: Db | null = null;
let apps: ReturnType<typeof createApi>[];
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'epustaka-quota-'));
  ctx = await createTestContext({ dataDir: objectsDir });
  overrideAccountSettings(ctx.deps, { log: () => {} });
  // Only the quota may refuse here: the per-account upload limit (write-limits.test.ts) is off.
  ctx.config.limits.perUser.upload = 0;
  ctx.config.limits.perAddress.upload = 0;
  apps = [createApi(ctx.deps)];
  if (ctx.databaseUrl) {
    second = await openPostgres(ctx.databaseUrl);
    apps.push(createApi({ ...ctx.deps, db: second }));
  }
});
afterAll(async () => {
  await second?.close();
  await ctx.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A PNG just under the 2 MB limit. */
const NEARLY_2MB = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - 1024 - PNG.length)]);

async function upload(app: ReturnType<typeof createApi>, caller: Caller, bytes: Uint8Array) {
  const form = new FormData();
  form.set('bucketName', ctx.config.organizationId);
  form.set('storagePath', 'images/posts');
  form.set('fileName', 'post-1.png');
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'post.png');
  const res = await app.request('/storage/uploadobject', { method: 'POST', body: form, headers: { authorization: `Bearer ${caller.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

function removeObject(app: ReturnType<typeof createApi>, caller: Caller, objId: string) {
  return app.request('/storage/removeobject', {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { objId } }),
  });
}

/** The usage the database keeps for a user, and the sizes of their object rows added up. */
async function usage(userId: string): Promise<{ used: number; sum: number; rows: number }> {
  const { rows } = await ctx.db.query<{ used: number; sum: number; rows: number }>(
    `SELECT coalesce((SELECT used FROM storage_usage WHERE user_id = $1), 0)::bigint AS used,
            coalesce((SELECT sum(size) FROM storage_objects WHERE owner_id = $1), 0)::bigint AS sum,
            (SELECT count(*) FROM storage_objects WHERE owner_id = $1)::int AS rows`,
    [userId],
  );
  return { used: Number(rows[0]!.used), sum: Number(rows[0]!.sum), rows: rows[0]!.rows };
}

async function storedFiles(): Promise<string[]> {
  return (await listKeys(ctx.deps.store, 'objects/')).map((key) => key.split('/').pop()!);
}

describe('storage quota', () => {
  test('35 uploads of nearly 2 MB at once never store more than the quota; the rest are 403 quota_exceeded', async () => {
    const caller = await createCaller(ctx);
    const { rows } = await ctx.db.query<{ quota: number }>('SELECT storage_quota AS quota FROM users WHERE id = $1', [caller.id]);
    const quota = Number(rows[0]!.quota);
    const results = await Promise.all(Array.from({ length: 35 }, (_, i) => upload(apps[i % apps.length]!, caller, NEARLY_2MB)));

    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length * NEARLY_2MB.length).toBeLessThanOrEqual(quota);
    // Only the quota refuses: every upload that fits is taken.
    expect(accepted).toHaveLength(Math.floor(quota / NEARLY_2MB.length));
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({ code: 'quota_exceeded', message: 'Quota capacity is exceed' });
    }
    const use = await usage(caller.id);
    expect(use).toEqual({ used: accepted.length * NEARLY_2MB.length, sum: accepted.length * NEARLY_2MB.length, rows: accepted.length });
    const files = await storedFiles();
    for (const r of accepted) expect(files).toContain(r.body.data.objId);

    // Removing one gives its space back once, however many removals race; then one more fits.
    const objId = accepted[0]!.body.data.objId as string;
    const removals = await Promise.all(Array.from({ length: 6 }, (_, i) => removeObject(apps[i % apps.length]!, caller, objId)));
    expect(removals.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await usage(caller.id)).toMatchObject({ used: (accepted.length - 1) * NEARLY_2MB.length, rows: accepted.length - 1 });
    expect(await storedFiles()).not.toContain(objId);
    expect((await upload(apps[0]!, caller, NEARLY_2MB)).status).toBe(201);
    expect((await upload(apps[0]!, caller, NEARLY_2MB)).status).toBe(403);
    // 70 MB of uploads parsed and written on a busy machine.
  }, 120_000);

  test('a write that fails gives its reservation back and leaves no row', async () => {
    const caller = await createCaller(ctx);
    const store: ObjectStore = Object.assign(Object.create(ctx.deps.store) as ObjectStore, {
      put: async () => {
        throw new Error('The disk is full.');
      },
    });
    const failing = createApi({ ...ctx.deps, store } satisfies ApiDeps);
    const before = await usage(caller.id);
    const res = await upload(failing, caller, PNG);
    expect(res.status).toBe(500);
    expect(await usage(caller.id)).toEqual(before);
    // The quota is whole again: a quota of exactly one picture still takes it.
    await ctx.db.query('UPDATE users SET storage_quota = $2 WHERE id = $1', [caller.id, PNG.length]);
    expect((await upload(apps[0]!, caller, PNG)).status).toBe(201);
  });

  test('a reservation whose bytes never came (the process died) is swept after an hour, and its space comes back', async () => {
    const caller = await createCaller(ctx);
    const id = '6f1c1d9e-0000-4000-8000-00000000a11c';
    await reserveObject(ctx.db, { id, bucket: ctx.config.organizationId, path: `images/posts/${id}.png`, content_type: 'image/png', size: 1000, owner_id: caller.id });
    expect(await usage(caller.id)).toEqual({ used: 1000, sum: 1000, rows: 1 });
    // Not served meanwhile, not even to its uploader.
    const res = await apps[0]!.request(`/storage/object/${id}`, { headers: { authorization: `Bearer ${caller.token}` } });
    expect(res.status).toBe(404);
    expect(await sweepUnstoredUploads(ctx.db, ctx.deps.store, new Date())).toBe(0);
    expect(await sweepUnstoredUploads(ctx.db, ctx.deps.store, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await usage(caller.id)).toEqual({ used: 0, sum: 0, rows: 0 });
  });
});
