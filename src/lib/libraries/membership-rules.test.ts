import { describe, expect, test } from 'vitest';
import { membershipButton, membershipState, membershipWarning, type MembershipInput } from './membership-rules.ts';

const base: MembershipInput = {
  has_join: true,
  member_status: 1,
  epustaka_isprivate: false,
  using_drm: true,
  available_qty: 2,
  all_qty: 3,
  has_borrow: false,
};

const button = (over: Partial<MembershipInput>) => membershipButton({ ...base, ...over });

describe('membershipButton', () => {
  test('a book on loan can always be read', () => {
    for (const member_status of [null, 0, 1, 3]) {
      for (const all_qty of [0, 3]) {
        expect(button({ has_borrow: true, member_status, all_qty, available_qty: 0 })).toEqual({ label: 'read', disabled: false, action: 'read' });
      }
    }
  });

  test('a non-member of a public ePustaka may join, of a private one ask to join', () => {
    expect(button({ has_join: false, member_status: null })).toEqual({ label: 'join', disabled: false, action: 'join' });
    expect(button({ has_join: false, member_status: null, epustaka_isprivate: true })).toEqual({ label: 'askToJoin', disabled: false, action: 'join' });
    expect(button({ has_join: null, member_status: null })).toMatchObject({ label: 'join' });
  });

  test('has_join false wins over a stray status', () => {
    expect(button({ has_join: false, member_status: 1 })).toMatchObject({ label: 'join', action: 'join' });
  });

  test('waiting for approval is disabled', () => {
    expect(button({ member_status: 0, epustaka_isprivate: true })).toEqual({ label: 'pendingApproval', disabled: true, action: 'none' });
  });

  test('an unknown status of a joined user counts as waiting', () => {
    expect(button({ member_status: 2 })).toEqual({ label: 'pendingApproval', disabled: true, action: 'none' });
  });

  test('an expired member may extend, then borrow', () => {
    expect(button({ member_status: 3 })).toEqual({ label: 'extend', disabled: false, action: 'extend' });
    expect(button({ member_status: 3, epustaka_isprivate: true })).toEqual({ label: 'extend', disabled: false, action: 'extend' });
  });

  test('an active member borrows', () => {
    expect(button({})).toEqual({ label: 'borrow', disabled: false, action: 'borrow' });
  });

  test('open books are never out of copies', () => {
    expect(button({ using_drm: false, all_qty: 0, available_qty: 0 })).toEqual({ label: 'borrow', disabled: false, action: 'borrow' });
    expect(button({ using_drm: false, all_qty: 0, available_qty: 0, has_join: false, member_status: null })).toEqual({ label: 'join', disabled: false, action: 'join' });
  });

  test('a DRM book with copies but none available offers the queue to members', () => {
    expect(button({ available_qty: 0 })).toEqual({ label: 'queue', disabled: false, action: 'queue' });
    expect(button({ available_qty: 0, queued: true })).toEqual({ label: 'queued', disabled: true, action: 'none' });
  });

  test('a DRM book with nothing available disables join and extend', () => {
    expect(button({ available_qty: 0, has_join: false, member_status: null })).toEqual({ label: 'join', disabled: true, action: 'none' });
    expect(button({ available_qty: 0, has_join: false, member_status: null, epustaka_isprivate: true })).toEqual({ label: 'askToJoin', disabled: true, action: 'none' });
    expect(button({ available_qty: 0, member_status: 3 })).toEqual({ label: 'extend', disabled: true, action: 'none' });
  });

  test('a DRM book with no copies at all cannot be borrowed', () => {
    expect(button({ all_qty: 0, available_qty: 0 })).toEqual({ label: 'borrow', disabled: true, action: 'none' });
  });

  test('every combination gives a consistent answer', () => {
    const statuses = [null, undefined, 0, 1, 2, 3];
    const flags = [true, false];
    for (const has_join of [true, false, null]) {
      for (const member_status of statuses) {
        for (const epustaka_isprivate of flags) {
          for (const using_drm of flags) {
            for (const [all_qty, available_qty] of [[0, 0], [2, 0], [2, 1], [3, -1]] as const) {
              for (const has_borrow of flags) {
                for (const queued of flags) {
                  const input = { has_join, member_status, epustaka_isprivate, using_drm, all_qty, available_qty, has_borrow, queued };
                  const result = membershipButton(input);
                  // A disabled button never acts, an enabled one always does.
                  expect(result.disabled, JSON.stringify(input)).toBe(result.action === 'none');
                  if (has_borrow) expect(result.label).toBe('read');
                  if (!has_borrow && using_drm && available_qty <= 0) expect(['queue', 'none']).toContain(result.action);
                  if (!has_borrow && using_drm && all_qty <= 0) expect(result.disabled).toBe(true);
                  if (!has_borrow && result.action === 'queue') {
                    expect(using_drm && available_qty <= 0 && all_qty > 0 && membershipState(has_join, member_status) === 'active' && !queued).toBe(true);
                  }
                  if (!has_borrow && membershipState(has_join, member_status) === 'pending') expect(result.label).toBe('pendingApproval');
                }
              }
            }
          }
        }
      }
    }
  });
});

describe('membershipState', () => {
  test('reads has_join and member_status', () => {
    expect(membershipState(false, null)).toBe('none');
    expect(membershipState(true, null)).toBe('none');
    expect(membershipState(true, 0)).toBe('pending');
    expect(membershipState(true, 1)).toBe('active');
    expect(membershipState(true, 3)).toBe('expired');
  });
});

describe('membershipWarning', () => {
  test('names the warning of each state that cannot borrow', () => {
    expect(membershipWarning('none')).toBe('notMember');
    expect(membershipWarning('pending')).toBe('pending');
    expect(membershipWarning('expired')).toBe('expired');
    expect(membershipWarning('active')).toBeNull();
  });
});
