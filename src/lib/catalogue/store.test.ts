import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../http/errors.ts';
import type { BookDetail, EpustakaBrief } from './schema.ts';
import type { Rating } from '../ratings/schema.ts';
import { createT } from '../i18n/texts.server.ts';
import { $popup, $toasts } from '../shell/store.ts';
import { $loanConfirmation } from '../lending/loan-confirmation.ts';
import { $bookRef, catalogueErrorText, createListStore, currentBook, seedBook } from './store.ts';
import { $holdings, actOnHolding, borrowBook, joinBookQueue, joinMembership } from './book-actions-store.ts';
import { $reporting, reportComment } from '../ratings/reviews-store.ts';
import { $recommendSent, recommendTo } from '../social/store.ts';

const { get, post, put, del } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { get, post, put, delete: del, patch: vi.fn() } }));

const t = createT('id');
const USER = '11111111-1111-4111-8111-111111111111';
const NUSANTARA = '22222222-2222-4222-8222-222222222222';

const book: BookDetail = {
  id: '33333333-3333-4333-8333-333333333333', book_id: '33333333-3333-4333-8333-333333333333', book_title: 'Gerimis', book_author: 'Euis',
  author_name: 'Euis', book_description: null, cover_url: null, avg_rating: null, rating_count: 0, file_ext: 'pdf', file_size_info: '1 MB', file_size: 1_000_000,
  using_drm: true, all_qty: 3, available_qty: 2, all_user_borrow_count: 4, publish_date: null, book_isbn: null, publisher: null, language: 'id',
  pages: null, category_id: null, category_name: null, catalog_info: { organization_name: null }, share_url: '/book/x', queue_count: 0,
  active_borrow_count: 1, review_count: 0, related_books: [], user_rating: null, has_borrow: false, has_borrow_before: false, queue_position: null, queue_offer: null, web_readable: true, holdings: [],
  epustaka: { id: NUSANTARA, epustaka_name: 'Nusantara', epustaka_logo: null, epustaka_isprivate: false, has_join: true, member_status: 1, available_qty: 2 },
};

const holding = (over: Partial<EpustakaBrief>): EpustakaBrief => ({
  id: NUSANTARA, epustaka_name: 'Nusantara', epustaka_logo: null, epustaka_isprivate: false, has_join: false, member_status: null,
  available_qty: 2, total_qty: 3, queue_count: 0, ...over,
});

const texts = () => $toasts.get().map((toast) => `${toast.kind}: ${toast.text}`);

beforeEach(() => {
  vi.useFakeTimers();
  $toasts.set([]);
  $popup.set(null);
  $bookRef.set(null);
  seedBook(book, null, USER);
  for (const fn of [get, post, put, del]) fn.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createListStore', () => {
  const page = (ids: number[], total: number) => ({ data: ids, meta: { total, limit: ids.length, offset: 0 } });

  test('loads a first page, then appends the next at its offset', async () => {
    const fetchPage = vi.fn().mockResolvedValueOnce(page([1, 2], 5)).mockResolvedValueOnce(page([3, 4], 5));
    const list = createListStore<number, { q?: string }>(fetchPage, 2);
    await list.load({ q: 'a' });
    await list.more();
    expect(fetchPage.mock.calls.map((call) => call[1])).toEqual([{ q: 'a', limit: 2, offset: 0 }, { q: 'a', limit: 2, offset: 2 }]);
    expect(list.$state.get()).toMatchObject({ items: [1, 2, 3, 4], total: 5, loaded: true, loading: false });
  });

  test('reloads as many items as are shown', async () => {
    const fetchPage = vi.fn().mockResolvedValue(page([9, 8, 7], 3));
    const list = createListStore<number, object>(fetchPage, 2);
    list.seed({}, page([1, 2, 3], 3));
    await list.reload();
    expect(fetchPage.mock.calls[0]![1]).toEqual({ limit: 3, offset: 0 });
    expect(list.$state.get().items).toEqual([9, 8, 7]);
  });

  test('a newer load wins over an older one still on its way', async () => {
    let finishOld: (value: unknown) => void = () => undefined;
    const fetchPage = vi
      .fn()
      .mockReturnValueOnce(new Promise((resolve) => (finishOld = resolve)))
      .mockResolvedValueOnce(page([2], 1));
    const list = createListStore<number, { q: string }>(fetchPage, 10);
    const old = list.load({ q: 'lama' });
    await list.load({ q: 'baru' });
    finishOld(page([1], 1));
    await old;
    expect(list.$state.get().items).toEqual([2]);
  });

  test('keeps what was shown when a page fails', async () => {
    const fetchPage = vi.fn().mockRejectedValue(new Error('offline'));
    const list = createListStore<number, object>(fetchPage, 2);
    list.seed({}, page([1, 2], 4));
    await expect(list.more()).rejects.toThrow('offline');
    expect(list.$state.get()).toMatchObject({ items: [1, 2], loading: false });
    expect(list.$state.get().error).toBeInstanceOf(Error);
  });
});

describe('borrowBook', () => {
  test("turns the book to Read and updates its counts on 'SUCCESS'", async () => {
    post.mockResolvedValue({ code: 'SUCCESS', data: { due_at: '2026-12-02T08:00:00.000Z' }, message: 'The book is borrowed.' });
    expect(await borrowBook(t, NUSANTARA)).toBe(true);
    expect(post).toHaveBeenCalledWith('webhook/borrow', { epustaka_id: NUSANTARA, user_id: USER, book_id: book.id });
    expect(currentBook()).toMatchObject({ has_borrow: true, active_borrow_count: 2, all_user_borrow_count: 5, available_qty: 1 });
    // The loan is confirmed in a dialog with its due date, not in a passing notification.
    expect($loanConfirmation.get()).toEqual({ title: 'Gerimis', dueAt: '2026-12-02T08:00:00.000Z', readHref: `/read-book?book=${book.id}` });
    expect(texts()).toEqual([]);
  });

  test('shows the message of any other code', async () => {
    post.mockResolvedValue({ code: 'FAILED', message: 'Server says no.' });
    expect(await borrowBook(t, NUSANTARA)).toBe(false);
    expect(currentBook()?.has_borrow).toBe(false);
    expect(texts()).toEqual(['error: Server says no.']);
  });

  test("shows a refusal in the user's language, or the server's messages", async () => {
    post.mockRejectedValueOnce(new ApiError({ status: 409, code: 'no_copies', message: 'No copy of this book is available right now.' }));
    await borrowBook(t, NUSANTARA);
    post.mockRejectedValueOnce(new ApiError({ status: 409, code: 'brand_new', message: 'One.', messages: ['One.', 'Two.'] }));
    await borrowBook(t, NUSANTARA);
    expect(texts()).toEqual(['error: Tidak ada salinan yang tersedia saat ini.', 'error: One. Two.']);
  });
});

describe('actOnHolding', () => {
  test('a private ePustaka: joins, says the request waits for approval, and stops', async () => {
    post.mockResolvedValueOnce({ data: { member_status: 0, message: 'waiting', epustaka_id: NUSANTARA, members: [] } });
    get.mockResolvedValue({ data: [holding({ epustaka_isprivate: true, has_join: true, member_status: 0 })], meta: { total: 1, limit: 1, offset: 0 } });
    await actOnHolding(t, holding({ epustaka_isprivate: true, epustaka_name: 'Harapan Bangsa' }), 'join');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('webhook/join-epustaka-member', { epustaka_id: NUSANTARA, user_ids: [USER] });
    expect(texts()).toEqual(['info: Permintaan bergabung ke Harapan Bangsa terkirim. Tunggu persetujuan pengelola ePustaka.']);
    expect($holdings.get().items[0]?.member_status).toBe(0);
    expect($holdings.get().busy).toBeNull();
  });

  test('a public ePustaka: joins, then borrows', async () => {
    post
      .mockResolvedValueOnce({ data: { member_status: 1, message: 'joined', epustaka_id: NUSANTARA, members: [] } })
      .mockResolvedValueOnce({ code: 'SUCCESS', data: {}, message: 'ok' });
    get.mockResolvedValue({ data: [holding({ has_join: true, member_status: 1 })], meta: { total: 1, limit: 1, offset: 0 } });
    await actOnHolding(t, holding({}), 'join');
    expect(post.mock.calls.map((call) => call[0])).toEqual(['webhook/join-epustaka-member', 'webhook/borrow']);
    expect(currentBook()?.has_borrow).toBe(true);
  });

  test('a failed join does not borrow', async () => {
    post.mockRejectedValueOnce(new ApiError({ status: 404, code: 'epustaka_not_found', message: 'gone' }));
    await actOnHolding(t, holding({}), 'extend');
    expect(post).toHaveBeenCalledTimes(1);
    expect(texts()).toEqual(['error: ePustaka tidak ditemukan.']);
  });
});

describe('joinMembership (the book page\'s join and extend, and the media gate\'s)', () => {
  test('renewing an expired membership joins again: active at once, or said to wait for approval', async () => {
    post.mockResolvedValueOnce({ data: { member_status: 1, message: 'joined', epustaka_id: NUSANTARA, members: [] } });
    expect(await joinMembership(t, { id: NUSANTARA, epustaka_name: 'Nusantara' }, 'user-1')).toBe('active');
    expect(post).toHaveBeenCalledWith('webhook/join-epustaka-member', { epustaka_id: NUSANTARA, user_ids: ['user-1'] });
    post.mockResolvedValueOnce({ data: { member_status: 0, message: 'requested', epustaka_id: NUSANTARA, members: [] } });
    expect(await joinMembership(t, { id: NUSANTARA, epustaka_name: 'Nusantara' }, 'user-1')).toBe('pending');
    expect(texts()).toEqual([expect.stringMatching(/^info: Permintaan bergabung ke Nusantara/)]);
    post.mockRejectedValueOnce(new ApiError({ status: 404, code: 'epustaka_not_found', message: 'gone' }));
    expect(await joinMembership(t, { id: NUSANTARA, epustaka_name: 'Nusantara' }, 'user-1')).toBe('failed');
  });
});

describe('joinBookQueue', () => {
  test('joins and shows the place in line', async () => {
    post.mockResolvedValue({ data: { id: 'q', book_id: book.id, epustaka_id: NUSANTARA, position: 3, created_at: '' } });
    await joinBookQueue(t);
    expect(post).toHaveBeenCalledWith('webhook/book-queue', { book_id: book.id, epustaka_id: NUSANTARA });
    expect(currentBook()).toMatchObject({ queue_position: 3, queue_count: 1 });
    expect(texts()).toEqual(['success: Anda masuk antrean di urutan ke-3.']);
  });

  test('already queued: says so and does not fetch the book again', async () => {
    post.mockRejectedValue(new ApiError({ status: 409, code: 'already_queued', message: 'You are already in the queue for this book.' }));
    await joinBookQueue(t);
    expect(get).not.toHaveBeenCalled();
    expect(currentBook()?.queue_position).toBeNull();
    expect(texts()).toEqual(['warning: Anda sudah berada dalam antrean buku ini.']);
  });
});

describe('reportComment', () => {
  const rating = { id: '44444444-4444-4444-8444-444444444444', parent_id: null } as Rating;

  test('says the report was sent', async () => {
    put.mockResolvedValue({ data: { message: 'Your report has been sent' } });
    $reporting.set(rating);
    await reportComment(t, 'spam');
    expect(put).toHaveBeenCalledWith('webhook/book-rating-report', { rating_id: rating.id, reason: 'spam' });
    expect($popup.get()).toEqual({ title: 'Laporan terkirim', body: 'Laporan Anda telah terkirim' });
    expect($reporting.get()).toBeNull();
  });

  test('warns when it was reported before', async () => {
    put.mockRejectedValue(new ApiError({ status: 409, code: 'already_reported', message: 'Sorry. you have reported the content before.' }));
    $reporting.set(rating);
    await reportComment(t, 'harassment');
    expect($popup.get()).toEqual({ title: 'Sudah dilaporkan', body: 'Maaf. Anda sudah pernah melaporkan konten ini sebelumnya.' });
  });
});

describe('recommendTo', () => {
  test('sends to a follower and marks them', async () => {
    $recommendSent.set([]);
    post.mockResolvedValue({ data: { id: 'f', message: 'Rekomendasi berhasil terkirim.' } });
    await recommendTo(t, { id: 'u2', name: 'Bagus' }, '  Baca ini ');
    expect(post).toHaveBeenCalledWith('webhook/feed', {
      feed_type: 'BOOK_RECOMMENDATION',
      object_id: book.id,
      object_type: 'BOOK',
      feed_message: 'Baca ini',
      recommendation_target: [{ id: 'u2', name: 'Bagus' }],
    });
    expect($recommendSent.get()).toEqual(['u2']);
    expect(texts()).toEqual(['success: Rekomendasi berhasil terkirim.']);
  });

  test('never to oneself', async () => {
    await recommendTo(t, { id: USER, name: 'Saya' }, '');
    expect(post).not.toHaveBeenCalled();
  });
});

describe('catalogueErrorText', () => {
  test("prefers the catalogue's text, then the shared one, then the server's", () => {
    expect(catalogueErrorText(t, new ApiError({ status: 403, code: 'membership_expired', message: 'x' }))).toBe(
      'Masa keanggotaan Anda telah berakhir, silakan perpanjang kembali.',
    );
    expect(catalogueErrorText(t, new ApiError({ status: 404, code: 'not_found', message: 'x' }))).toBe('Data tidak ditemukan.');
    expect(catalogueErrorText(t, new ApiError({ status: 418, code: 'teapot', message: 'Saya teko.' }))).toBe('Saya teko.');
  });
});
