import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../http/errors.ts';
import type { FeedItem } from './schema.ts';
import { createT } from '../i18n/texts.server.ts';
import { $toasts } from '../shell/store.ts';
import { toggleLike } from './store.ts';

const { post, del } = vi.hoisted(() => ({ post: vi.fn(), del: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { get: vi.fn(), post, put: vi.fn(), delete: del, patch: vi.fn() } }));

const t = createT('id');
const ID = '44444444-4444-4444-8444-444444444444';
const item = { id: ID, has_like: false, total_like: 3 } as FeedItem;

beforeEach(() => {
  post.mockReset();
  del.mockReset();
  $toasts.set([]);
});

describe('toggleLike', () => {
  test('shows the like at once, then takes the count the server answers', async () => {
    post.mockResolvedValue({ data: { object_type: 'FEED', object_id: ID, has_like: true, total_like: 7 } });
    const patches: Partial<FeedItem>[] = [];
    await toggleLike(t, item, '', (patch) => patches.push(patch));
    expect(patches).toEqual([{ has_like: true, total_like: 4 }, { has_like: true, total_like: 7 }]);
    // No sender id is sent when the page did not give one.
    expect(post).toHaveBeenCalledWith('webhook/like', { object_type: 'FEED', object_id: ID, sender_type: 'USER' });
  });

  test('unliking a liked item calls DELETE; a failure puts the heart back and says why', async () => {
    del.mockRejectedValue(new ApiError({ status: 404, code: 'feed_not_found', message: 'gone' }));
    const patches: Partial<FeedItem>[] = [];
    await toggleLike(t, { ...item, has_like: true }, ID, (patch) => patches.push(patch));
    expect(patches).toEqual([{ has_like: false, total_like: 2 }, { has_like: true, total_like: 3 }]);
    expect(del).toHaveBeenCalledWith('webhook/like', { object_type: 'FEED', object_id: ID, sender_type: 'USER', sender_id: ID });
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Aktivitas tidak ditemukan.']);
  });
});
