
/**
 * The borrow button of a book in one ePustaka (spec 01 §4.2–4.4, §5; 03 §4.5; 02 §4.3).
 *
 * | State | Label | Disabled |
 * |---|---|---|
 * | the user has the book on loan | read | no |
 * | not joined, public ePustaka | join | DRM with nothing available |
 * | not joined, private ePustaka | askToJoin | DRM with nothing available |
 * | member_status 0 (waiting approval) | pendingApproval | yes |
 * | member_status 3 (expired) | extend | DRM with nothing available |
 * | member_status 1, DRM, nothing available, copies held, queued | queued | yes |
 * | member_status 1, DRM, nothing available, copies held | queue | no |
 * | member_status 1 otherwise | borrow | DRM with no copies at all |
 *
 * A DRM book with no copies at all is never borrowable: every label but read is disabled then.
 * Joined with another status than 0, 1 or 3 counts as waiting (spec 01 §4.2: "other values mean
 * not joined or pending").
 */
export type MembershipLabel = 'read' | 'join' | 'askToJoin' | 'pendingApproval' | 'extend' | 'queue' | 'queued' | 'borrow';

/**
 * What a click does: `read` opens the reader; `join` joins (a private ePustaka then waits for
 * approval, a public one goes on to borrow); `extend` renews, then borrows; `borrow` borrows;
 * `queue` joins the queue; `none` does nothing.
 */
export type MembershipAction = 'read' | 'join' | 'extend' | 'borrow' | 'queue' | 'none';

export interface MembershipInput {
  has_join: boolean | null | undefined;
  member_status: number | null | undefined;
  epustaka_isprivate: boolean;
  using_drm: boolean;
  available_qty: number;
  all_qty: number;
  has_borrow: boolean;
  /** The user already waits in this book's queue. */
  queued?: boolean;
}

export interface MembershipButton {
  /** Key under `catalogue.membership.` in the locale files. */
  label: MembershipLabel;
  disabled: boolean;
  action: MembershipAction;
}

export const MEMBER_STATUS = { pending: 0, active: 1, expired: 3 } as const;

/** The membership as the gate sees it. */
export type MembershipState = 'none' | 'pending' | 'active' | 'expired';

export function membershipState(has_join: boolean | null | undefined, member_status: number | null | undefined): MembershipState {
  if (!has_join || member_status === null || member_status === undefined) return 'none';
  if (member_status === MEMBER_STATUS.active) return 'active';
  if (member_status === MEMBER_STATUS.expired) return 'expired';
  return 'pending';
}

/** The button for `input`; see the table above. */
export function membershipButton(input: MembershipInput): MembershipButton {
  if (input.has_borrow) return { label: 'read', disabled: false, action: 'read' };
  const noCopiesHeld = input.using_drm && input.all_qty <= 0;
  const noneAvailable = input.using_drm && input.available_qty <= 0;
  const gate = (label: MembershipLabel, action: MembershipAction): MembershipButton =>
    noneAvailable ? { label, disabled: true, action: 'none' } : { label, disabled: false, action };

  switch (membershipState(input.has_join, input.member_status)) {
    case 'pending':
      return { label: 'pendingApproval', disabled: true, action: 'none' };
    case 'none':
      return gate(input.epustaka_isprivate ? 'askToJoin' : 'join', 'join');
    case 'expired':
      return gate('extend', 'extend');
    case 'active':
      if (noCopiesHeld) return { label: 'borrow', disabled: true, action: 'none' };
      if (noneAvailable) return input.queued ? { label: 'queued', disabled: true, action: 'none' } : { label: 'queue', disabled: false, action: 'queue' };
      return { label: 'borrow', disabled: false, action: 'borrow' };
  }
}

/** The membership warning for a state that cannot borrow (spec 01 §4.2), or null. */
export function membershipWarning(state: MembershipState): 'notMember' | 'pending' | 'expired' | null {
  if (state === 'none') return 'notMember';
  if (state === 'pending') return 'pending';
  if (state === 'expired') return 'expired';
  return null;
}

/** The library of an item's `epustaka` (as the content calls return it) for the dialog, or null. */
export function unavailableLibrary(
  epustaka: { id: string; epustaka_name: string; has_join?: boolean | null; member_status?: number | null } | null,
): UnavailableLibrary | null {
  if (!epustaka) return null;
  return { id: epustaka.id, name: epustaka.epustaka_name, state: membershipState(epustaka.has_join, epustaka.member_status) };
}

/** The library holding private content, with the caller's membership there (none, pending or expired). */
export interface UnavailableLibrary {
  id: string;
  name: string;
  state: 'none' | 'pending' | 'expired' | 'active';
}
