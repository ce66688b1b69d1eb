import { membershipButton, membershipState, type MembershipInput, type MembershipLabel } from '../libraries/membership-rules.ts';
import { formatDate } from '../contract/format.ts';

/**
 * What a holding's button says and does, on top of {@link membershipButton}:
 *
 * | State | Label | Action |
 * |---|---|---|
 * | the book has no file the web readers open (and is not on loan) | unreadable | none (disabled) |
 * | a copy is held for the user here (queue offer) | claim | borrow |
 * | not joined, public, copies available | joinAndBorrow | join (then borrow) |
 * | not joined, public, DRM, none available, copies held | joinAndQueue | joinQueue (join, then queue) |
 * | not joined, private, DRM, none available, copies held | askToJoin | join (request; queue once approved) |
 * | anything else | as membershipButton | |
 *
 * A Borrow (or claim) button is disabled while the member has as many loans open from the library
 * as it allows ({@link atLoanLimit}).
 */
export type LendingLabel = MembershipLabel | 'claim' | 'joinAndBorrow' | 'joinAndQueue' | 'unreadable';
export type LendingAction = 'read' | 'join' | 'extend' | 'borrow' | 'queue' | 'joinQueue' | 'none';

export interface LendingInput extends MembershipInput {
  /** A copy is held here for the user from the queue. */
  offered?: boolean;
  /** The book has a file the web readers open; undefined counts as yes. */
  web_readable?: boolean;
  /** How many loans the library lets one member have open, and how many the user has (unknown: no limit shown). */
  loan_limit?: number;
  open_loans?: number;
}

/** The member has as many loans open from the library as it allows: borrowing waits for a return. */
export function atLoanLimit(input: Pick<LendingInput, 'loan_limit' | 'open_loans'>): boolean {
  return input.loan_limit !== undefined && (input.open_loans ?? 0) >= input.loan_limit;
}

export interface LendingButton {
  label: LendingLabel;
  disabled: boolean;
  action: LendingAction;
}

/** The button for `input`; see the table above. */
export function lendingButton(input: LendingInput): LendingButton {
  const button = holdingButton(input);
  return button.action === 'borrow' && atLoanLimit(input) ? { ...button, disabled: true } : button;
}

function holdingButton(input: LendingInput): LendingButton {
  if (input.has_borrow) return { label: 'read', disabled: false, action: 'read' };
  if (input.web_readable === false) return { label: 'unreadable', disabled: true, action: 'none' };
  const state = membershipState(input.has_join, input.member_status);
  if (input.offered && state === 'active') return { label: 'claim', disabled: false, action: 'borrow' };
  if (state === 'none') {
    const copiesHeld = !input.using_drm || input.all_qty > 0;
    const available = !input.using_drm || input.available_qty > 0;
    if (!copiesHeld) return { label: input.epustaka_isprivate ? 'askToJoin' : 'join', disabled: true, action: 'none' };
    if (input.epustaka_isprivate) return { label: 'askToJoin', disabled: false, action: 'join' };
    return available ? { label: 'joinAndBorrow', disabled: false, action: 'join' } : { label: 'joinAndQueue', disabled: false, action: 'joinQueue' };
  }
  return membershipButton(input);
}

/** The i18n key of a label: the catalogue's own, or this feature's. */
export function lendingLabelKey(label: LendingLabel): string {
  return label === 'claim' || label === 'joinAndBorrow' || label === 'joinAndQueue' || label === 'unreadable'
    ? `lending.button.${label}`
    : `catalogue.membership.${label}`;
}

/**
 * Why a holding's button does what it does, when the button alone does not say it (a key under
 * `lending.reason.`), or null.
 */
export function lendingReason(input: LendingInput): 'unreadable' | 'outOfStockJoin' | 'outOfStockPrivate' | 'noCopies' | null {
  if (input.has_borrow) return null;
  if (input.web_readable === false) return 'unreadable';
  if (input.using_drm && input.all_qty <= 0) return 'noCopies';
  const state = membershipState(input.has_join, input.member_status);
  if (state === 'none' && input.using_drm && input.available_qty <= 0) return input.epustaka_isprivate ? 'outOfStockPrivate' : 'outOfStockJoin';
  return null;
}

/**
 * A deadline as the library states it, in Western Indonesia Time: "Kamis, 26 November 2026 pukul
 * 10.15 WIB". One time zone, so the page the server renders and the one the browser shows agree
 * (and the mail says the same).
 */
export function formatOfferDeadline(iso: string, lang: string): string {
  return formatDate(iso, lang, 'full');
}

/** What a library holding a book asks of the caller before they borrow there. */
export type HoldingNeed = 'borrow' | 'join' | 'askToJoin' | 'pending' | 'extend';

/** A library holding a book, with its own copies, and what it asks of the caller. */
export interface HoldingChoice<H> {
  holding: H;
  need: HoldingNeed;
}

type ChoiceInput = { id: string; epustaka_isprivate: boolean; has_join: boolean; member_status: number | null; available_qty: number };

/**
 * Where the caller can borrow a book and what the other libraries ask first. Counts are never
 * added across libraries: each library keeps its own, and the ones the caller can borrow from now
 * (active member) lead, most copies first; the others follow with what they ask: join (public),
 * ask to join (private), wait for approval, or extend an expired membership.
 */
export function holdingChoices<H extends ChoiceInput>(holdings: readonly H[]): { borrowable: HoldingChoice<H>[]; others: HoldingChoice<H>[] } {
  const choices = holdings.map((holding): HoldingChoice<H> => {
    const state = membershipState(holding.has_join, holding.member_status);
    const need: HoldingNeed =
      state === 'active' ? 'borrow' : state === 'pending' ? 'pending' : state === 'expired' ? 'extend' : holding.epustaka_isprivate ? 'askToJoin' : 'join';
    return { holding, need };
  });
  const byCopies = (a: HoldingChoice<H>, b: HoldingChoice<H>) => b.holding.available_qty - a.holding.available_qty;
  return {
    borrowable: choices.filter((c) => c.need === 'borrow').sort(byCopies),
    others: choices.filter((c) => c.need !== 'borrow'),
  };
}
