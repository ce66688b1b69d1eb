import type { Queryable } from '../db/client.ts';
import type { EpustakaBrief } from '../../src/lib/catalogue/schema.ts';

/** member_status as stored: 0 waiting approval, 1 active, 3 expired. */
export type MemberStatus = 0 | 1 | 3;

export interface EpustakaRow {
  id: string;
  organization_id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  created_by: string | null;
}

export interface MembershipRow {
  member_status: MemberStatus;
  expires_at: Date | string | null;
}

/** A library's copies of a book, with the book's DRM flag. */
export interface HoldingRow {
  epustaka_id: string;
  book_id: string;
  all_qty: number;
  available_qty: number;
  using_drm: boolean;
}

/** A holding as one user sees it: the library, their membership and the queue length. */
export interface HoldingViewRow extends HoldingRow {
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  member_status: MemberStatus | null;
  expires_at: Date | string | null;
  queue_count: number;
}

export async function findEpustaka(db: Queryable, id: string): Promise<EpustakaRow | undefined> {
  const { rows } = await db.query<EpustakaRow>(
    'SELECT id, organization_id, epustaka_name, epustaka_logo, epustaka_isprivate, created_by FROM epustaka WHERE id = $1',
    [id],
  );
  return rows[0];
}

export async function findMembership(db: Queryable, epustakaId: string, userId: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    'SELECT member_status, expires_at FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2',
    [epustakaId, userId],
  );
  return rows[0];
}

/** The status that holds at `now`: an active membership past its end counts as expired. */
export function effectiveStatus(
  row: { member_status: MemberStatus | null; expires_at: Date | string | null } | undefined,
  now: Date,
): MemberStatus | null {
  if (!row || row.member_status === null) return null;
  if (row.member_status === 1 && row.expires_at !== null && new Date(row.expires_at) <= now) return 3;
  return row.member_status;
}

/**
 * Sets a membership's status, creating it when missing; a fresh status starts without an end and
 * dates from `now` (a renewed request queues behind earlier ones). Returns the membership's id.
 */
export async function upsertMembership(tx: Queryable, epustakaId: string, userId: string, status: MemberStatus, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO epustaka_members (epustaka_id, user_id, member_status, joined_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (epustaka_id, user_id) DO UPDATE SET member_status = EXCLUDED.member_status, expires_at = NULL, joined_at = EXCLUDED.joined_at
     RETURNING id`,
    [epustakaId, userId, status, now.toISOString()],
  );
  return rows[0]!.id;
}

/** The ids among `ids` that belong to existing accounts. */
export async function existingUserIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** A holding with its book's DRM flag: `$1` the ePustaka, `$2` the book (also read by lending.repository.ts). */
export const HOLDING = `SELECT eb.epustaka_id, eb.book_id, eb.all_qty, eb.available_qty, b.using_drm
  FROM epustaka_books eb JOIN books b ON b.id = eb.book_id
 WHERE eb.epustaka_id = $1 AND eb.book_id = $2`;

/**
 * Reads a holding and locks it until the transaction ends. Every change to a holding's copies,
 * loans and queue happens under this lock, so they are decided one after the other.
 */
export async function lockHolding(tx: Queryable, epustakaId: string, bookId: string): Promise<HoldingRow | undefined> {
  const { rows } = await tx.query<HoldingRow>(`${HOLDING} FOR UPDATE OF eb`, [epustakaId, bookId]);
  return rows[0];
}

/** Takes one copy; false when none is available. */
export async function takeCopy(tx: Queryable, epustakaId: string, bookId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE epustaka_books SET available_qty = available_qty - 1
      WHERE epustaka_id = $1 AND book_id = $2 AND available_qty > 0`,
    [epustakaId, bookId],
  );
  return rowCount === 1;
}

/** Puts `count` copies back on the shelf, never above the copies held. */
export async function putBackCopies(tx: Queryable, epustakaId: string, bookId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.query(
    `UPDATE epustaka_books SET available_qty = least(all_qty, available_qty + $3)
      WHERE epustaka_id = $1 AND book_id = $2`,
    [epustakaId, bookId, count],
  );
}

/** Every holding of a book as `userId` sees it, oldest holding first. */
export async function listHoldingViews(
  db: Queryable,
  bookId: string,
  userId: string | null,
  organizationId?: string,
): Promise<HoldingViewRow[]> {
  const { rows } = await db.query<HoldingViewRow>(`${holdingViewsSql('$1', '$2', '$3')} ORDER BY eb.created_at, eb.epustaka_id`, [
    bookId,
    userId,
    organizationId ?? null,
  ]);
  return rows;
}

/**
 * Every holding of book `book` as user `user` sees it, in the organisation `organization` when it
 * is not NULL (SQL over the placeholders given; `held_at` orders them).
 */
export function holdingViewsSql(book: string, user: string, organization: string): string {
  return `SELECT eb.epustaka_id, eb.book_id, eb.all_qty, eb.available_qty, b.using_drm,
            e.epustaka_name, e.epustaka_logo, e.epustaka_isprivate, m.member_status, m.expires_at,
            (SELECT count(*)::int FROM book_queues q
              WHERE q.epustaka_id = eb.epustaka_id AND q.book_id = eb.book_id AND q.ended_at IS NULL) AS queue_count,
            eb.created_at AS held_at
       FROM epustaka_books eb
       JOIN books b ON b.id = eb.book_id
       JOIN epustaka e ON e.id = eb.epustaka_id
       LEFT JOIN epustaka_members m ON m.epustaka_id = eb.epustaka_id AND m.user_id = ${user}
      WHERE eb.book_id = ${book} AND (${organization}::uuid IS NULL OR e.organization_id = ${organization})`;
}

/** Maps a holding view to the API's ePustaka entry. */
export function toEpustakaBrief(row: HoldingViewRow, now: Date): EpustakaBrief {
  const status = effectiveStatus(row, now);
  return {
    id: row.epustaka_id,
    epustaka_name: row.epustaka_name,
    epustaka_logo: row.epustaka_logo,
    epustaka_isprivate: row.epustaka_isprivate,
    has_join: status !== null,
    member_status: status,
    available_qty: row.available_qty,
    total_qty: row.all_qty,
    queue_count: row.queue_count,
  };
}

/** Copies can be lent from the holding now (open books always can). */
export function hasCopies(row: Pick<HoldingRow, 'using_drm' | 'available_qty'>): boolean {
  return !row.using_drm || row.available_qty > 0;
}

/**
 * The holding best for a user: `preferredId` when given and held; else where they can borrow
 * now (an active member, with copies); else a public one with copies they may join and borrow
 * from at once; else one they are an active member of (to queue); else one not waiting for
 * approval; else the first. A request waiting at one library never hides another's copies.
 */
export function bestHolding<T extends HoldingViewRow>(rows: T[], now: Date, preferredId?: string): T | undefined {
  if (preferredId) return rows.find((r) => r.epustaka_id === preferredId);
  const status = (r: T) => effectiveStatus(r, now);
  const joinable = (r: T) => !r.epustaka_isprivate && status(r) !== 0 && status(r) !== 1;
  return (
    rows.find((r) => status(r) === 1 && hasCopies(r)) ??
    rows.find((r) => joinable(r) && hasCopies(r)) ??
    rows.find((r) => status(r) === 1) ??
    rows.find((r) => status(r) !== 0) ??
    rows[0]
  );
}
