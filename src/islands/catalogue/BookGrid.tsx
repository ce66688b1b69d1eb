import type { Lang } from '../../lib/i18n/index.ts';
import type { BookListItem } from '../../lib/catalogue/schema.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import { activeFilterCount, type BookQuery } from '../../lib/catalogue/book.ts';
import { bookGrid as catalogueGrid, libraryBookGrid, notifyCatalogueError, openFilter } from '../../lib/catalogue/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useLoadMore } from '../shell/useLoadMore.ts';
import { BookCard } from './BookCard.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';

interface Props {
  lang: Lang;
  query: BookQuery;
  /** The first page, rendered by the server. */
  initial: ListBody<BookListItem>;
  /** The first page could not be loaded. */
  failed?: boolean;
}

/** The book grid of /books: the server's first page, then 'load more' adds 25 at a time. */
export const BookGrid = withTexts(Grid, ['apiErrors', 'catalogue', 'common', 'errors', 'lending']);

function Grid({ query, initial, failed }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const bookGrid = query.epustaka ? libraryBookGrid : catalogueGrid;
  const { items, total, loading, canLoadMore, listRef, loadMore } = useLoadMore(bookGrid, query, initial, (error) => notifyCatalogueError(t, error));

  if (failed && items.length === 0) {
    return (
      <div role="alert" className="border-base-300 rounded-box border border-dashed px-6 py-14 text-center">
        <p className="font-semibold">{t('catalogue.list.error')}</p>
        <a href="" className="btn btn-primary btn-sm mt-4">
          {t('common.retry')}
        </a>
      </div>
    );
  }

  if (items.length === 0) {
    const filtered = activeFilterCount(query) > 0 || query.q;
    return (
      <div className="border-base-300 flex flex-col items-center rounded-box border border-dashed px-6 py-14 text-center">
        <span className="bg-primary/10 text-primary grid size-14 place-items-center rounded-full">
          <CatalogueIcon name="search" className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-bold">{t(filtered ? 'catalogue.list.emptyFiltered' : 'catalogue.list.empty')}</h2>
        <p className="text-base-content/70 mt-1 max-w-sm text-sm">{t('catalogue.list.emptyText')}</p>
        <button type="button" className="btn btn-primary mt-5" onClick={openFilter}>
          <CatalogueIcon name="filter" />
          {t('catalogue.list.changeFilter')}
        </button>
      </div>
    );
  }

  return (
    <div>
      <ul ref={listRef} className="grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
        {items.map((book, index) => (
          <li key={book.id}>
            <BookCard book={book} eager={index < 6} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-3">
        <p className="text-base-content/70 text-sm" role="status">
          {t('catalogue.list.shown', { shown: items.length, total })}
        </p>
        {canLoadMore ? (
          <button type="button" className="btn btn-outline btn-primary min-w-48" onClick={loadMore} disabled={loading} aria-busy={loading}>
            {loading ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t('catalogue.list.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
