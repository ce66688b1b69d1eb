import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { SearchOptions } from '../../lib/reader/search.ts';
import { ReaderIcon } from './ReaderIcon.tsx';

export interface SearchView {
  total: number;
  current: number;
  running: boolean;
  done: boolean;
  /** Every page was searched and none had text. */
  noText?: boolean;
  query: string;
  /** Pages read so far, of `pages`, while running. */
  searched?: number;
  pages?: number;
}

interface Props {
  view: SearchView;
  onSearch: (query: string, options: SearchOptions) => void;
  onStep: (direction: 1 | -1) => void;
  onClear: () => void;
}

/**
 * The reader's search: runs on Enter with a non-empty keyword, with
 * match-case and whole-word toggles, previous/next, an 'N of M' counter, 'Not found' and clear.
 */
export function SearchBar({ view, onSearch, onStep, onClear }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<SearchOptions>({ matchCase: false, wholeWord: false });

  const toggle = (name: keyof SearchOptions) => {
    const next = { ...options, [name]: !options[name] };
    setOptions(next);
    if (view.query.trim() !== '') onSearch(view.query, next);
  };

  let status = '';
  if (view.total > 0) status = t('reader.matchCount', { current: view.current + 1, total: view.total });
  else if (view.done) status = view.noText ? t('readerContent.noTextLayer') : t('reader.notFound');

  return (
    <div role="search" aria-busy={view.running} className="flex flex-wrap items-center gap-1">
      <label className="input input-sm w-44 sm:w-56">
        <ReaderIcon name="search" className="size-4 opacity-60" />
        <input
          type="search"
          value={query}
          aria-label={t('reader.search')}
          placeholder={t('reader.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (query.trim() === '') return;
            if (query === view.query && view.total > 0) onStep(event.shiftKey ? -1 : 1);
            else onSearch(query, options);
          }}
        />
      </label>
      <button type="button" className={`btn btn-sm btn-square ${options.matchCase ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={options.matchCase} aria-label={t('reader.matchCase')} title={t('reader.matchCase')} onClick={() => toggle('matchCase')}>
        <span aria-hidden="true" className="text-xs font-bold">
          Aa
        </span>
      </button>
      <button type="button" className={`btn btn-sm btn-square ${options.wholeWord ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={options.wholeWord} aria-label={t('reader.wholeWord')} title={t('reader.wholeWord')} onClick={() => toggle('wholeWord')}>
        <span aria-hidden="true" className="text-xs font-bold underline">
          ab
        </span>
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('reader.previousMatch')} disabled={view.total === 0} onClick={() => onStep(-1)}>
        <ReaderIcon name="up" />
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('reader.nextMatch')} disabled={view.total === 0} onClick={() => onStep(1)}>
        <ReaderIcon name="down" />
      </button>
      <span className="flex min-w-16 items-center gap-2 text-sm tabular-nums" role="status" aria-live="polite">
        {status}
        {/* While pages are still being read, the search says so, with how far it has got. */}
        {view.running && (
          <span className="text-base-content/70 flex items-center gap-1" data-search-progress="">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            {view.pages ? t('readerSearch.pdfProgress', { done: view.searched ?? 0, total: view.pages }) : t('reader.searching')}
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={t('reader.clearSearch')}
        disabled={query === '' && view.query === ''}
        onClick={() => {
          setQuery('');
          onClear();
        }}
      >
        <ReaderIcon name="close" />
      </button>
    </div>
  );
}
