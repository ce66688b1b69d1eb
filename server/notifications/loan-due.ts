import type { Queryable } from '../db/client.ts';
import { notify } from './notify.ts';

/** A loan is announced as due once less than this many hours are left (README, "Notifications"). */
export const LOAN_DUE_NOTICE_HOURS = 24;

/**
 * Tells a user about each open loan of theirs that ends within the next day. It runs when the
 * user's notifications are read (the header's count, the list), not on a timer: a loan due
 * tomorrow is announced the next time the user opens any page. Once per loan and due time, so a
 * renewed loan is announced again before its new end.
 */
export async function notifyLoansDueSoon(db: Queryable, userId: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + LOAN_DUE_NOTICE_HOURS * 3_600_000);
  const { rows } = await db.query<{ id: string; book_id: string; epustaka_id: string; due_at: string | Date; catalog_title: string }>(
    `SELECT l.id, l.book_id, l.epustaka_id, l.due_at, b.catalog_title
       FROM borrows l JOIN books b ON b.id = l.book_id
      WHERE l.user_id = $1 AND l.returned_at IS NULL AND l.due_at > $2 AND l.due_at <= $3`,
    [userId, now.toISOString(), until.toISOString()],
  );
  for (const loan of rows) {
    const due = (loan.due_at instanceof Date ? loan.due_at : new Date(loan.due_at)).toISOString();
    await notify(db, {
      userId,
      type: 'BOOK',
      event: 'loan_due',
      params: { title: loan.catalog_title, due },
      link: `/book/${loan.book_id}/${loan.epustaka_id}`,
      dedupeKey: `loan_due:${loan.id}:${due}`,
      object: { type: 'BOOK', id: loan.book_id },
    });
  }
}
