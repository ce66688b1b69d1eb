import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import { contentDate, formatDuration, playedPercent, type HistoryEntry, type MediaType } from '../../lib/media/rules.ts';
import { HISTORY_PAGES } from '../../lib/people/rules.ts';
import { loadHistoryPage, removeHistoryEntry } from '../../lib/history/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  kind: 'article' | MediaType;
  initial: HistoryEntry[];
  total: number;
  q: string;
  /** `preview`: the shelf's History tab (a few rows, no search, a link to the full list). */
  mode?: 'full' | 'preview';
}

/**
 * An article, video or audio history: 12 a page, more as the end comes into view, search on
 * Enter, and removing one's own rows. In preview mode, the latest rows and a 'see all' link.
 */
export const ContentHistory = withTexts(History, ['apiErrors', 'errors', 'media']);

function History({ kind, initial, total: initialTotal, q, mode = 'full' }: Omit<Props, 'lang'>) {
  const { t, i18n } = useTranslation();
  const [entries, setEntries] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const preview = mode === 'preview';
  const more = !preview && entries.length < total;

  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !more) return;
    const observer = new IntersectionObserver(async ([entry]) => {
      if (!entry?.isIntersecting || loading) return;
      setLoading(true);
      const page = await loadHistoryPage(t, kind, { q, offset: entries.length });
      setLoading(false);
      if (page) {
        setEntries((current) => [...current, ...page.entries.filter((e) => !current.some((c) => c.historyId === e.historyId))]);
        setTotal(page.total);
      }
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [more, loading, entries.length, kind, q, t]);

  const remove = async (entry: HistoryEntry) => {
    if (await removeHistoryEntry(t, entry.historyId)) {
      setEntries((current) => current.filter((e) => e.historyId !== entry.historyId));
      setTotal((n) => n - 1);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {preview ? null : (
        <form role="search" method="get" className="flex">
          <label className="input input-bordered flex w-full items-center gap-2">
            <span className="sr-only">{t('media.list.search')}</span>
            <input type="search" name="q" defaultValue={q} maxLength={200} placeholder={t(`media.${kind}.searchPlaceholder`)} className="grow" enterKeyHint="search" />
          </label>
        </form>
      )}
      {entries.length === 0 ? (
        <p className={`text-base-content/70 text-center ${preview ? 'py-4 text-sm' : 'py-10'}`}>{t(q ? 'media.list.noSearchResults' : preview ? `media.${kind}.historyEmpty` : 'media.list.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-history-list={kind} aria-label={t(`media.${kind}.historyTitle`)}>
          {entries.map((entry) => (
            <li key={entry.historyId} className="bg-base-100 border-base-300 rounded-box flex items-center gap-3 border p-2" data-history-item>
              <a href={entry.href} className="flex min-w-0 flex-1 items-center gap-3">
                {entry.thumbnail ? <img src={entry.thumbnail} alt="" className="rounded-field aspect-video w-24 shrink-0 object-cover" /> : <span className="rounded-field bg-base-200 aspect-video w-24 shrink-0" />}
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-2 font-semibold">{entry.title}</span>
                  <span className="text-base-content/70 text-xs">
                    {contentDate(entry.lastAccessedAt, i18n.language)}
                    {entry.progress !== null && ` · ${t('media.list.progress', { time: formatDuration(entry.progress) })}`}
                    {entry.duration ? ` / ${formatDuration(entry.duration)}` : ''}
                  </span>
                  <Played entry={entry} />
                </span>
              </a>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void remove(entry)} aria-label={t('media.list.remove')}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {more ? <div ref={end} className="h-8" aria-busy={loading} /> : null}
      {preview && total > 0 ? (
        <div className="flex justify-end">
          <a href={HISTORY_PAGES[kind]} className="btn btn-ghost btn-sm text-primary" data-history-all={kind}>
            {t('media.list.seeAll', { count: total })}
          </a>
        </div>
      ) : null}
    </div>
  );
}

/** How far a video or audio was played: a bar and its percent. */
function Played({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const percent = playedPercent(entry.progress, entry.duration);
  if (percent === null) return null;
  return (
    <span className="mt-1 flex items-center gap-2">
      <progress className="progress progress-primary w-40" value={percent} max={100} aria-label={t('media.list.played')} />
      <span className="text-base-content/70 text-xs tabular-nums" data-played>{t('media.list.percent', { percent })}</span>
    </span>
  );
}
