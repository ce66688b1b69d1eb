import type { ApiDeps } from '../deps.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { lockHolding } from '../libraries/epustaka.repository.ts';
import { findLoan } from '../lending/loans.repository.ts';
import { loanDueAt, settleHolding } from '../lending/loans.service.ts';
import { countOpenEntries } from '../queue/queue.repository.ts';
import { iso } from '../db/format.ts';
import { extendLoan, lockLoanForRenewal } from './shelf.repository.ts';

/**
 * Renews the caller's open loan once: it becomes due one loan period after its current due time.
 * Refused while anyone waits for (or is offered) a copy of the same holding, since the copy is
 * theirs next. Decided under the holding's lock, like borrowing and returning.
 * @throws ApiError borrow_not_found (404), not_your_borrow (403), loan_closed, already_renewed,
 *   queue_waiting (409).
 */
export async function renewLoan(deps: ApiDeps, callerId: string, loanId: string): Promise<{ id: string; due_at: string; renewed_at: string }> {
  const loan = await findLoan(deps.db, loanId);
  if (!loan) throw notFound('borrow_not_found', 'The loan could not be found.');
  if (loan.user_id !== callerId) throw forbidden('not_your_borrow', 'You can only renew your own loans.');
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const holding = await lockHolding(tx, loan.epustaka_id, loan.book_id);
    if (holding) await settleHolding(tx, holding, now);
    const current = await lockLoanForRenewal(tx, loanId);
    if (!current) throw notFound('borrow_not_found', 'The loan could not be found.');
    if (current.returned_at !== null || new Date(current.due_at) <= now) throw conflict('loan_closed', 'This loan has ended.');
    if (current.renewed_at !== null) throw conflict('already_renewed', 'A loan can be renewed only once.');
    if ((await countOpenEntries(tx, loan.book_id, loan.epustaka_id)) > 0) {
      throw conflict('queue_waiting', 'Someone is waiting for this book, so the loan cannot be renewed.');
    }
    const dueAt = loanDueAt(new Date(current.due_at));
    await extendLoan(tx, loanId, dueAt, now);
    return { id: loanId, due_at: dueAt.toISOString(), renewed_at: iso(now) };
  });
}
