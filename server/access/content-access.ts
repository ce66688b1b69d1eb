import type { Queryable } from '../db/client.ts';
import { ApiError, } from '../http/errors.ts';

/*
 * The one rule for reading private content, applied by every route that hands out an item's
 * files or its reading data:
 *
 * - an open item is readable by an active member (member_status 1, not expired) of an ePustaka
 *   that holds it, by anyone when a public ePustaka holds it, and by whoever has it on loan;
 * - a copy-limited (DRM) item is readable only through an open loan.
 *
 * Catalogue facts of an item (its cover) follow the catalogue's own visibility: anyone when a
 * public ePustaka holds it, otherwise the signed-in people of its organisation, who see it in the
 * catalogue.
 *
 * Holdings and loans are named by a {@link HoldingSource}, so another kind of item held by
 * ePustaka (media, articles) uses the same rule with its own tables.
 */

/** Where an item kind's holdings and loans live. Fixed identifiers, never user input. */
export interface HoldingSource {
  /** Table linking an ePustaka to an item: has `epustaka_id` and `itemColumn`. */
  holdings: string;
  /** Table of loans: has `user_id`, `itemColumn`, `returned_at`, `due_at`, `borrowed_at`, `id`, `epustaka_id`, `borrow_key`; null when items are never lent. */
  loans: string | null;
  itemColumn: string;
}

/** Books: held in `epustaka_books`, lent in `borrows`. */
export const BOOK_HOLDINGS: HoldingSource = { holdings: 'epustaka_books', loans: 'borrows', itemColumn: 'book_id' };

/** The facts of an item the rule needs. */
export interface ContentItem {
  id: string;
  organizationId: string;
  drm: boolean;
}

/** The person asking; null for a visitor who is not signed in. */
export interface ContentReader {
  userId: string;
  organizationId: string;
}

/** An open loan of the item by the reader. */
export interface ContentLoan {
  id: string;
  epustaka_id: string;
  borrow_key: string;
  due_at: string;
}

export type ReadDecision =
  | { allowed: true; via: 'loan'; loan: ContentLoan }
  | { allowed: true; via: 'member' | 'public'; loan: null }
  | { allowed: false; status: 401 | 403 | 404; code: string; message: string };

const IDENT = /^[a-z_]+$/;

function checkSource(source: HoldingSource): void {
  for (const name of [source.holdings, source.loans ?? 'none', source.itemColumn]) {
    if (!IDENT.test(name)) throw new Error(`Not an identifier: ${name}`);
  }
}

/** The reader's open loan of the item, if any. */
export async function findOpenLoan(db: Queryable, source: HoldingSource, itemId: string, userId: string, now: Date): Promise<ContentLoan | null> {
  checkSource(source);
  if (!source.loans) return null;
  const { rows } = await db.query<ContentLoan>(
    `SELECT id, epustaka_id, borrow_key, due_at FROM ${source.loans}
      WHERE user_id = $1 AND ${source.itemColumn} = $2 AND returned_at IS NULL AND due_at > $3
      ORDER BY borrowed_at DESC LIMIT 1`,
    [userId, itemId, now.toISOString()],
  );
  return rows[0] ?? null;
}

/** Whether a public ePustaka holds the item, and whether one the reader is an active member of does. */
async function holdingFacts(db: Queryable, source: HoldingSource, itemId: string, userId: string | null, now: Date): Promise<{ public: boolean; member: boolean }> {
  checkSource(source);
  const { rows } = await db.query<{ public: boolean; member: boolean }>(
    `SELECT coalesce(bool_or(NOT e.epustaka_isprivate), false) AS public,
            coalesce(bool_or(m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > $3)), false) AS member
       FROM ${source.holdings} h
       JOIN epustaka e ON e.id = h.epustaka_id
       LEFT JOIN epustaka_members m ON m.epustaka_id = h.epustaka_id AND m.user_id = $2
      WHERE h.${source.itemColumn} = $1`,
    [itemId, userId, now.toISOString()],
  );
  return rows[0] ?? { public: false, member: false };
}

const NOT_FOUND = { allowed: false, status: 404, code: 'book_not_found', message: 'The book could not be found.' } as const;

/** Decides whether `reader` may read `item` (null item: it does not exist). */
export async function decideRead(
  db: Queryable,
  item: ContentItem | null,
  reader: ContentReader | null,
  now: Date,
  source: HoldingSource = BOOK_HOLDINGS,
): Promise<ReadDecision> {
  if (!item) return NOT_FOUND;
  // Another organisation's items do not exist for its readers.
  if (reader && reader.organizationId !== item.organizationId) return NOT_FOUND;
  const loan = reader ? await findOpenLoan(db, source, item.id, reader.userId, now) : null;
  if (loan) return { allowed: true, via: 'loan', loan };
  if (item.drm) {
    return reader
      ? { allowed: false, status: 403, code: 'no_active_loan', message: 'Borrow the book to read it.' }
      : { allowed: false, status: 401, code: 'missing_token', message: 'Sign in to continue.' };
  }
  const facts = await holdingFacts(db, source, item.id, reader?.userId ?? null, now);
  if (facts.member) return { allowed: true, via: 'member', loan: null };
  if (facts.public) return { allowed: true, via: 'public', loan: null };
  return reader
    ? { allowed: false, status: 403, code: 'not_a_member', message: 'Only members of an ePustaka that holds this book can read it.' }
    : { allowed: false, status: 401, code: 'missing_token', message: 'Sign in to continue.' };
}

/** Throws the decision's coded error unless it allows reading. */
export function assertReadable(decision: ReadDecision): asserts decision is Extract<ReadDecision, { allowed: true }> {
  if (!decision.allowed) throw new ApiError(decision.status, decision.code, decision.message);
}

/** Who may see an item's catalogue facts (its cover): `public` for anyone, `organisation` for its signed-in people. */
export type ViewDecision = { allowed: true; audience: 'public' | 'organisation' } | { allowed: false; status: 404; code: string; message: string };

/** Decides whether `reader` may see the item in the catalogue (its cover, say). */
export async function decideView(
  db: Queryable,
  item: Pick<ContentItem, 'id' | 'organizationId'> | null,
  reader: ContentReader | null,
  now: Date,
  source: HoldingSource = BOOK_HOLDINGS,
): Promise<ViewDecision> {
  if (!item) return NOT_FOUND;
  const facts = await holdingFacts(db, source, item.id, reader?.userId ?? null, now);
  if (facts.public) return { allowed: true, audience: 'public' };
  if (reader && reader.organizationId === item.organizationId) return { allowed: true, audience: 'organisation' };
  // To anyone else a private item does not exist.
  return NOT_FOUND;
}

