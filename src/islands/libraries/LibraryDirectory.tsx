import type { Lang } from '../../lib/i18n/index.ts';
import type { EpustakaCard } from '../../lib/libraries/schema.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import { directory, notifyLibraryError } from '../../lib/libraries/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useLoadMore } from '../shell/useLoadMore.ts';
import { LibraryCard } from './LibraryCard.tsx';

interface Props {
  lang: Lang;
  q: string | null;
  /** The first 20, rendered by the server. */
  initial: ListBody<EpustakaCard>;
  failed?: boolean;
}

/** The directory's grid: the server's first 20, then 15 per 'load more'. */
export const LibraryDirectory = withTexts(Grid, ['apiErrors', 'catalogue', 'errors', 'lending', 'libraries']);

function Grid({ q, initial, failed }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const { items, total, loading, canLoadMore, listRef, loadMore } = useLoadMore(directory, q ? { q } : {}, initial, (error) => notifyLibraryError(t, error));

  if (failed && items.length === 0) {
    return (
      <p role="alert" className="border-base-300 rounded-box border border-dashed px-6 py-14 text-center font-semibold">
        {t('libraries.directory.error')}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="border-base-300 flex flex-col items-center rounded-box border border-dashed px-6 py-14 text-center">
        <h2 className="text-lg font-bold">{t('libraries.directory.empty')}</h2>
        <p className="text-base-content/70 mt-1 max-w-sm text-sm">{t('libraries.directory.emptyText')}</p>
        {q ? (
          <a href="/more-epustaka" className="btn btn-primary btn-sm mt-5">
            {t('libraries.directory.clear')}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <ul ref={listRef} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {items.map((library) => (
          <li key={library.id}>
            <LibraryCard library={library} />
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-base-content/70 text-sm" role="status">
          {t('libraries.directory.shown', { shown: items.length, total })}
        </p>
        {canLoadMore ? (
          <button type="button" className="btn btn-outline btn-primary min-w-48" disabled={loading} aria-busy={loading} onClick={loadMore}>
            {loading ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t('libraries.directory.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
