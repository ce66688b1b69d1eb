import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $lastReadElsewhere, $progressConflict } from '../../lib/reader/store.ts';
import type { ReaderProblem } from '../../lib/reader/schema.ts';
import { ReaderIcon } from './ReaderIcon.tsx';

/** Shown while the book loads. */
export function LoadingScreen({ percent }: { percent?: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p className="text-base-content/70 text-sm">{percent ? t('reader.loadingProgress', { percent }) : t('reader.loading')}</p>
    </div>
  );
}

/**
 * The reader's error screen: fixed texts saying the book could not be opened and 'Muat Ulang', which returns to loading
 * and tries again. `notice` explains a known cause. 'Laporkan Masalah' is left out until reports
 * can be stored and read by the library's owner: a button that does nothing is worse than none.
 */
export function ErrorScreen({
  onReload,
  notice,
  bookHref,
  title,
  bookLabel,
}: {
  onReload?: () => void;
  notice?: string;
  bookHref?: string;
  /** The heading; the spec's fixed error title when the cause is unknown. */
  title?: string;
  /** The label of the link to the book's page; 'Ke halaman buku' unless the page is where to borrow. */
  bookLabel?: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center" role="alert">
      <ReaderIcon name="alert" className="text-warning size-12" />
      <h1 ref={heading} tabIndex={-1} className="max-w-md text-lg font-semibold outline-none">
        {title ?? t('reader.errorTitle')}
      </h1>
      <p className="text-base-content/70 max-w-md">{notice ?? t('reader.errorText')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onReload && (
          <button type="button" className="btn btn-primary" onClick={onReload}>
            {t('reader.reload')}
          </button>
        )}
        {bookHref && (
          <a className={bookLabel ? 'btn btn-primary' : 'btn btn-ghost'} href={bookHref}>
            {bookLabel ?? t('reader.toBookDetail')}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * Why the reader page cannot open its book, said as what it is: a loan that has ended (with
 * borrowing again), no loan yet (with borrowing), no membership, no web-readable file. Only an
 * unknown failure shows the fixed error texts with 'Muat Ulang'.
 */
export function ProblemScreen({ problem, bookId }: { problem: ReaderProblem | null; bookId: string }) {
  const { t } = useTranslation();
  const bookHref = `/book/${bookId}`;
  switch (problem) {
    case 'loan_ended':
      return <ErrorScreen title={t('reader.loanEndedTitle')} notice={t('reader.loanEndedText')} bookHref={bookHref} bookLabel={t('reader.borrowAgain')} />;
    case 'no_loan':
      return <ErrorScreen title={t('reader.noLoanTitle')} notice={t('reader.noLoan')} bookHref={bookHref} bookLabel={t('reader.borrow')} />;
    case 'not_member':
      return <ErrorScreen title={t('reader.notMemberTitle')} notice={t('access.notMember')} bookHref={bookHref} />;
    case 'not_readable':
      return <ErrorScreen title={t('reader.notReadableTitle')} notice={t('reader.notReadable')} bookHref={bookHref} />;
    default:
      return <ErrorScreen bookHref={bookHref} onReload={() => window.location.reload()} />;
  }
}

/**
 * The reader's dialogs: the warning when another tab took over the reading (OK closes it and
 * goes back), and the question whether to continue the book read last, which starts on staying
 * with the book the user opened.
 */
export function ReaderDialogs({ onLeave, readerPath }: { onLeave: () => void; readerPath: string }) {
  const { t } = useTranslation();
  const conflict = useStore($progressConflict);
  const last = useStore($lastReadElsewhere);
  const conflictRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (conflict && !conflictRef.current?.open) conflictRef.current?.showModal();
  }, [conflict]);
  useEffect(() => {
    if (last && !conflict && !continueRef.current?.open) {
      continueRef.current?.showModal();
      // The book the user opened keeps the focus: Enter stays with it.
      stayRef.current?.focus();
    }
    if (!last && continueRef.current?.open) continueRef.current.close();
  }, [last, conflict]);
  return (
    <>
      <dialog ref={conflictRef} className="modal" aria-labelledby="reader-conflict-title" onClose={onLeave}>
        <div className="modal-box">
          <h2 id="reader-conflict-title" className="text-lg font-bold">
            {t('reader.conflictTitle')}
          </h2>
          <p className="py-4">{t('reader.conflictText')}</p>
          <form method="dialog" className="modal-action">
            <button type="submit" className="btn btn-primary">
              {t('common.close')}
            </button>
          </form>
        </div>
      </dialog>
      <dialog ref={continueRef} className="modal" aria-labelledby="reader-continue-title" onClose={() => $lastReadElsewhere.set(null)}>
        <div className="modal-box">
          <h2 id="reader-continue-title" className="text-lg font-bold">
            {t('reader.continueTitle')}
          </h2>
          <p className="py-4">{t('reader.continueText', { title: last?.book_title ?? '' })}</p>
          <div className="modal-action">
            <a className="btn btn-outline" href={last ? `${readerPath}?book=${encodeURIComponent(last.book_id)}` : '#'}>
              {t('reader.continueYes')}
            </a>
            <form method="dialog">
              <button ref={stayRef} type="submit" className="btn btn-primary">
                {t('reader.continueNo')}
              </button>
            </form>
          </div>
        </div>
      </dialog>
    </>
  );
}
