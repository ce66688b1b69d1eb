import { describe, expect, test } from 'vitest';
import { atLoanLimit, formatOfferDeadline, holdingChoices, lendingButton, lendingLabelKey, lendingReason, type LendingInput } from './rules.ts';

const base: LendingInput = {
  has_join: true,
  member_status: 1,
  epustaka_isprivate: false,
  using_drm: true,
  available_qty: 0,
  all_qty: 2,
  has_borrow: false,
  queued: true,
};

describe('lending button', () => {
  test('a copy held for the user is claimed with Borrow, even with none on the shelf', () => {
    expect(lendingButton({ ...base, offered: true })).toEqual({ label: 'claim', disabled: false, action: 'borrow' });
    expect(lendingButton(base)).toEqual({ label: 'queued', disabled: true, action: 'none' });
  });

  test('at the library loan limit Borrow and claim are disabled; queueing is not a loan', () => {
    const active = { ...base, queued: false, available_qty: 1 };
    expect(lendingButton({ ...active, loan_limit: 5, open_loans: 4 })).toEqual({ label: 'borrow', disabled: false, action: 'borrow' });
    expect(lendingButton({ ...active, loan_limit: 5, open_loans: 5 })).toEqual({ label: 'borrow', disabled: true, action: 'borrow' });
    expect(lendingButton({ ...base, offered: true, loan_limit: 1, open_loans: 1 })).toEqual({ label: 'claim', disabled: true, action: 'borrow' });
    expect(lendingButton({ ...base, queued: false, loan_limit: 1, open_loans: 1 }).action).toBe('queue');
    expect(atLoanLimit({})).toBe(false);
  });

  test('a non-member of a public library joins and borrows, or joins and queues when out of stock', () => {
    const none = { ...base, has_join: false, member_status: null, queued: false };
    expect(lendingButton({ ...none, available_qty: 1 })).toEqual({ label: 'joinAndBorrow', disabled: false, action: 'join' });
    expect(lendingButton(none)).toEqual({ label: 'joinAndQueue', disabled: false, action: 'joinQueue' });
    expect(lendingReason(none)).toBe('outOfStockJoin');
    expect(lendingButton({ ...none, epustaka_isprivate: true })).toEqual({ label: 'askToJoin', disabled: false, action: 'join' });
    expect(lendingButton({ ...none, all_qty: 0 }).disabled).toBe(true);
  });

  test('a book without a readable file cannot be borrowed, but a loan still reads', () => {
    expect(lendingButton({ ...base, available_qty: 1, web_readable: false })).toEqual({ label: 'unreadable', disabled: true, action: 'none' });
    expect(lendingReason({ ...base, web_readable: false })).toBe('unreadable');
    expect(lendingButton({ ...base, has_borrow: true, web_readable: false }).action).toBe('read');
  });

  test('deadlines are given in WIB, the same on the server and in the browser', () => {
    expect(formatOfferDeadline('2026-11-26T03:15:00.000Z', 'id')).toBe('Kamis, 26 November 2026 pukul 10.15 WIB');
    expect(formatOfferDeadline('2026-11-26T03:15:00.000Z', 'en')).toMatch(/^Thursday,? 26 November 2026 at 10:15 WIB$/);
  });

  test('labels of this feature have their own keys', () => {
    expect(lendingLabelKey('claim')).toBe('lending.button.claim');
    expect(lendingLabelKey('borrow')).toBe('catalogue.membership.borrow');
  });
});

describe('where a book can be borrowed', () => {
  const lib = (id: string, isPrivate: boolean, member_status: 0 | 1 | 3 | null, available_qty: number) => ({
    id, epustaka_isprivate: isPrivate, has_join: member_status !== null, member_status, available_qty,
  });

  test('counts stay per library: the ones the reader may borrow from lead, the others say what they ask', () => {
    const { borrowable, others } = holdingChoices([
      lib('nusantara', false, 1, 3),
      lib('sekolah', true, null, 2),
      lib('pelangi', false, null, 4),
      lib('kampung', true, 0, 1),
      lib('lama', false, 3, 1),
      lib('kota', false, 1, 5),
    ]);
    expect(borrowable.map((c) => [c.holding.id, c.holding.available_qty])).toEqual([['kota', 5], ['nusantara', 3]]);
    expect(others.map((c) => [c.holding.id, c.need])).toEqual([['sekolah', 'askToJoin'], ['pelangi', 'join'], ['kampung', 'pending'], ['lama', 'extend']]);
  });
});
