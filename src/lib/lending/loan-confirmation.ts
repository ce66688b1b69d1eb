import { atom } from 'nanostores';

/** A loan just made, confirmed in a dialog with its due date. */
export interface LoanConfirmation {
  title: string;
  /** ISO 8601. */
  dueAt: string;
  /** The reader's address for the book. */
  readHref: string;
}

export const $loanConfirmation = atom<LoanConfirmation | null>(null);

export function confirmLoan(loan: LoanConfirmation): void {
  $loanConfirmation.set(loan);
}

export function closeLoanConfirmation(): void {
  $loanConfirmation.set(null);
}
