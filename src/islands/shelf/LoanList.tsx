import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { BorrowShelfItem } from '../../lib/shelf/schema.ts';
import { readerHref } from '../../lib/catalogue/book.ts';
import { daysLeft, formatDueDate, moreHref, SHELF_PREVIEW } from '../../lib/shelf/rules.ts';
import { $busy, askConfirm, borrowShelf, searchList } from '../../lib/shelf/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { BookActionButtons, BookActionDialogs } from './BookActions.tsx';
import { SaveOfflineControl } from '../offline/SaveOffline.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ShelfCover, ShelfEmpty, ShelfFooter, ShelfMoreLink, ShelfProgressBar, ShelfSearch, ShelfTitle, useNow } from './ShelfParts.tsx';
import { useSeededList } from '../shell/useLoadMore.ts';

interface Props {
  lang: Lang;
  initial: ListBody<BorrowShelfItem>;
  /** The server's clock when it rendered, so days left match after hydration. */
  now: string;
  /** On /shelf: the first few and a 'see all' link; on /more-book-shelf: search and load more. */
  /** The signed-in user, who is not offered as someone to recommend to. */
  userId: string;
  mode: 'preview' | 'full';
  q?: string;
}

/** The borrowed books: due date and days left, read, return, renew. */
export const LoanList = withTexts(LoanListIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'offline', 'readingProgress', 'shelf']);

function LoanListIsland({ ...props }: Props) {
  return (
    <>
      <Loans {...props} />
      <ConfirmDialog />
      <BookActionDialogs viewerId={props.userId} />
    </>
  );
}

function Loans({ initial, now: serverNow, mode, q = '' }: Omit<Props, 'lang' | 'userId'>) {
  const { t } = useTranslation();
  const { items, total } = useSeededList(borrowShelf, { q: q || undefined }, initial);
  const now = useNow(serverNow);
  const query = borrowShelf.params() ? (borrowShelf.params()!.q ?? '') : q;
  const shown = mode === 'preview' ? items.slice(0, SHELF_PREVIEW) : items;

  return (
    <div className="flex flex-col gap-4">
      {mode === 'full' ? <ShelfSearch initial={q} onSearch={(value) => searchList(borrowShelf, value, t)} /> : null}
      {shown.length === 0 ? (
        query ? (
          <ShelfEmpty icon="search" title={t('shelf.noMatch', { q: query })} />
        ) : (
          <ShelfEmpty
            icon="book"
            title={t('shelf.borrow.empty')}
            text={t('shelf.borrow.emptyText')}
            action={
              <a href="/books" className="btn btn-primary">
                {t('shelf.borrow.browse')}
              </a>
            }
          />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('shelf.borrow.title')}>
          {shown.map((loan) => (
            <li key={loan.id}>
              <LoanCard loan={loan} now={now} />
            </li>
          ))}
        </ul>
      )}
      {mode === 'preview' && total > 0 ? (
        <div className="flex justify-end">
          <ShelfMoreLink href={moreHref('borrow')} total={total} />
        </div>
      ) : null}
      {mode === 'full' ? <ShelfFooter list={borrowShelf} shown={items.length} total={total} /> : null}
    </div>
  );
}

function LoanCard({ loan, now }: { loan: BorrowShelfItem; now: Date }) {
  const { t, i18n } = useTranslation();
  const busy = useStore($busy) === loan.id;
  const left = daysLeft(loan.due_at, now);
  return (
    <article className="border-base-300 bg-base-100 flex h-full gap-4 rounded-box border p-3 xs:p-4" aria-busy={busy}>
      <ShelfCover book={loan} epustakaId={loan.epustaka_id} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <ShelfTitle book={loan} epustakaId={loan.epustaka_id} />
        <p className="text-base-content/70 flex items-center gap-1 truncate text-xs">
          <CatalogueIcon name="library" className="size-3.5 shrink-0" />
          {t('shelf.borrow.from', { name: loan.epustaka_name })}
        </p>
        <div className="text-sm">
          <p className="font-medium">
            <time dateTime={loan.due_at}>{t('shelf.borrow.due', { date: formatDueDate(loan.due_at, i18n.language) })}</time>
          </p>
          <p className={`text-xs font-semibold ${left <= 1 ? 'text-error' : left <= 3 ? 'text-warning' : 'text-success'}`}>
            {left <= 0 ? t('shelf.borrow.dueToday') : t('shelf.borrow.daysLeft', { count: left })}
            {loan.renewed_at ? <span className="badge badge-ghost badge-sm ml-2 font-normal">{t('shelf.borrow.renewedBadge')}</span> : null}
          </p>
        </div>
        {loan.file_ext ? <ShelfProgressBar progress={loan.progress} kind={loan.file_ext} /> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {loan.file_ext ? (
            <a href={readerHref({ id: loan.book_id, file_ext: loan.file_ext })} className="btn btn-primary btn-sm">
              <CatalogueIcon name="read" className="size-4" />
              {t('shelf.borrow.read')}
            </a>
          ) : (
            <span className="text-base-content/70 text-xs">{t('shelf.borrow.notReadable')}</span>
          )}
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => askConfirm({ kind: 'return', item: loan })}>
            {t('shelf.borrow.return')}
          </button>
          {loan.can_renew ? (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => askConfirm({ kind: 'renew', item: loan })}>
              {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <CatalogueIcon name="clock" className="size-4" />}
              {t('shelf.borrow.renew')}
            </button>
          ) : loan.renewed_at === null && loan.queue_count > 0 ? (
            <span className="text-base-content/70 self-center text-xs">{t('shelf.borrow.renewBlocked')}</span>
          ) : null}
          {loan.file_ext && !loan.using_drm ? <SaveOfflineControl bookId={loan.book_id} small /> : null}
          <span className="ml-auto flex">
            <BookActionButtons book={loan} />
          </span>
        </div>
      </div>
    </article>
  );
}
