import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { SearchOptions } from '../../lib/reader/search.ts';
import type { EpubSearchResult } from '../../lib/reader/epub-search.ts';
import type { EpubSearchState } from './useEpubSearch.ts';
import { ReaderIcon } from './ReaderIcon.tsx';

interface PanelProps {
  state: EpubSearchState;
  /** The chapter title of each spine position, from the table of contents. */
  titles: (string | null)[];
  onSearch: (query: string, options: SearchOptions) => void;
  onCancel: () => void;
  onClear: () => void;
  /** Opens result `index` (wrapped around the result count). */
  onOpen: (index: number) => void;
}

/** Results grouped by chapter, in reading order. */
function byChapter(results: EpubSearchResult[]): { section: number; items: { result: EpubSearchResult; index: number }[] }[] {
  const groups: { section: number; items: { result: EpubSearchResult; index: number }[] }[] = [];
  results.forEach((result, index) => {
    const last = groups[groups.length - 1];
    if (last?.section === result.section) last.items.push({ result, index });
    else groups.push({ section: result.section, items: [{ result, index }] });
  });
  return groups;
}

/**
 * The EPUB reader's search: a keyword (with match case and whole word) searched through the whole
 * book, chapter by chapter with its progress and a way to stop, and the results listed under their
 * chapter titles, each an excerpt with the match emphasised. Everything from the book shows as text.
 */
export function EpubSearchPanel({ state, titles, onSearch, onCancel, onClear, onOpen }: PanelProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(state.query);
  const [options, setOptions] = useState<SearchOptions>(state.options);
  const title = (section: number) => titles[section] ?? t('readerSearch.untitled', { number: section + 1 });
  const toggle = (name: keyof SearchOptions) => {
    const next = { ...options, [name]: !options[name] };
    setOptions(next);
    if (state.query.trim() !== '') onSearch(state.query, next);
  };
  const total = state.results.length;

  return (
    <div className="flex flex-col gap-2" data-epub-search="">
      <div role="search" aria-busy={state.running} className="flex flex-wrap items-center gap-1">
        <label className="input input-sm min-w-0 flex-1 pointer-coarse:min-h-11">
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
              if (query === state.query && total > 0 && !state.running) onOpen(event.shiftKey ? (state.current < 0 ? -1 : state.current - 1) : state.current + 1);
              else onSearch(query, options);
            }}
          />
        </label>
        <button type="button" className={`btn btn-sm btn-square pointer-coarse:size-11 ${options.matchCase ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={options.matchCase} aria-label={t('reader.matchCase')} title={t('reader.matchCase')} onClick={() => toggle('matchCase')}>
          <span aria-hidden="true" className="text-xs font-bold">
            Aa
          </span>
        </button>
        <button type="button" className={`btn btn-sm btn-square pointer-coarse:size-11 ${options.wholeWord ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={options.wholeWord} aria-label={t('reader.wholeWord')} title={t('reader.wholeWord')} onClick={() => toggle('wholeWord')}>
          <span aria-hidden="true" className="text-xs font-bold underline">
            ab
          </span>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square pointer-coarse:size-11"
          aria-label={t('reader.clearSearch')}
          disabled={query === '' && state.query === ''}
          onClick={() => {
            setQuery('');
            onClear();
          }}
        >
          <ReaderIcon name="close" />
        </button>
      </div>
      <div className="flex min-h-11 items-center gap-2 text-sm" role="status" aria-live="polite">
        {state.running ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            <span className="min-w-0 flex-1" data-search-progress="">
              {t('readerSearch.progress', { done: Math.min(state.searched + 1, state.sections), total: state.sections })}
            </span>
            <progress className="progress progress-primary w-16" value={state.searched} max={Math.max(1, state.sections)} aria-hidden="true" />
            <button type="button" className="btn btn-ghost btn-sm pointer-coarse:min-h-11" onClick={onCancel}>
              {t('readerSearch.cancel')}
            </button>
          </>
        ) : state.cancelled ? (
          <span>{t('readerSearch.cancelled', { done: state.searched, total: state.sections })}</span>
        ) : state.done && total === 0 ? (
          <span>{t('reader.notFound')}</span>
        ) : null}
        {total > 0 && !state.running && <span className="ms-auto tabular-nums">{state.current >= 0 ? t('reader.matchCount', { current: state.current + 1, total }) : t('readerSearch.resultCount', { count: total })}</span>}
        {total > 0 && (
          <span className="flex">
            <button type="button" className="btn btn-ghost btn-sm btn-square pointer-coarse:size-11" aria-label={t('reader.previousMatch')} onClick={() => onOpen(state.current < 0 ? -1 : state.current - 1)}>
              <ReaderIcon name="up" />
            </button>
            <button type="button" className="btn btn-ghost btn-sm btn-square pointer-coarse:size-11" aria-label={t('reader.nextMatch')} onClick={() => onOpen(state.current + 1)}>
              <ReaderIcon name="down" />
            </button>
          </span>
        )}
      </div>
      {state.failed > 0 && <p className="text-warning text-sm">{t('readerSearch.failed', { count: state.failed })}</p>}
      {total > 0 && (
        <div aria-label={t('readerSearch.results')} role="region" className="flex flex-col gap-3">
          {byChapter(state.results).map((group) => (
            <section key={group.section} aria-label={title(group.section)} data-search-chapter={group.section}>
              <h3 className="text-base-content/70 mb-1 flex items-baseline justify-between gap-2 text-xs font-semibold">
                <span className="min-w-0 break-words">{title(group.section)}</span>
                <span className="shrink-0 tabular-nums">{group.items.length}</span>
              </h3>
              <ul className="flex flex-col gap-1">
                {group.items.map(({ result, index }) => (
                  <li key={index}>
                    <button
                      type="button"
                      className={`hover:bg-base-200 w-full rounded-lg px-2 py-2 text-start text-sm break-words ${index === state.current ? 'bg-base-200 ring-primary ring-1' : ''}`}
                      aria-current={index === state.current ? 'true' : undefined}
                      data-search-result={index}
                      onClick={() => onOpen(index)}
                    >
                      {result.before}
                      <mark className="bg-warning/50 text-base-content rounded-sm font-semibold">{result.match}</mark>
                      {result.after}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

interface StripProps {
  state: EpubSearchState;
  onOpen: (index: number) => void;
  onResults: () => void;
  onClear: () => void;
}

/** While the results are closed: the match on screen, previous and next, back to the results, and clear. */
export function EpubSearchStrip({ state, onOpen, onResults, onClear }: StripProps) {
  const { t } = useTranslation();
  const total = state.results.length;
  if (total === 0) return null;
  return (
    <div className="bg-base-200/95 border-base-300 absolute inset-x-2 top-2 z-10 flex items-center gap-1 rounded-full border px-1 shadow-md" data-search-strip="">
      <button type="button" className="btn btn-ghost btn-sm min-h-11 min-w-0 flex-1 justify-start gap-2 font-normal" onClick={onResults} aria-label={t('readerSearch.showResults')}>
        <ReaderIcon name="search" className="size-4 shrink-0" />
        <span className="truncate">{state.query}</span>
        <span className="shrink-0 tabular-nums">{state.current >= 0 ? t('reader.matchCount', { current: state.current + 1, total }) : t('readerSearch.resultCount', { count: total })}</span>
      </button>
      <button type="button" className="btn btn-ghost btn-square size-11" aria-label={t('reader.previousMatch')} onClick={() => onOpen(state.current < 0 ? -1 : state.current - 1)}>
        <ReaderIcon name="up" />
      </button>
      <button type="button" className="btn btn-ghost btn-square size-11" aria-label={t('reader.nextMatch')} onClick={() => onOpen(state.current + 1)}>
        <ReaderIcon name="down" />
      </button>
      <button type="button" className="btn btn-ghost btn-square size-11" aria-label={t('reader.clearSearch')} onClick={onClear}>
        <ReaderIcon name="close" />
      </button>
    </div>
  );
}
