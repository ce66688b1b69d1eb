import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { EpustakaCard } from '../../lib/libraries/schema.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import { directory, hasMore, notifyLibraryError } from '../../lib/libraries/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
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
  useState(() => {
    if (!import.meta.env.SSR) directory.seed(q ? { q } : {}, initial);
  });
  const state = useStore(directory.$state);
  const items = state.loaded ? state.items : initial.data;
  const total = state.loaded ? state.total : initial.meta.total;
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll('a')[from]?.focus();
  }, [items.length]);

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
        {hasMore({ ...state, items, total, loaded: true }) ? (
          <button
            type="button"
            className="btn btn-outline btn-primary min-w-48"
            disabled={state.loading}
            aria-busy={state.loading}
            onClick={() => {
              focusFrom.current = items.length;
              directory.more().catch((error) => notifyLibraryError(t, error));
            }}
          >
            {state.loading ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t('libraries.directory.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
