import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { ShelfBook, ShelfProgress } from '../../lib/shelf/schema.ts';
import { bookPath } from '../../lib/catalogue/book.ts';
import { progressLabel, readingProgress } from '../../lib/reader/progress.ts';
import { shortText } from '../../lib/contract/text.ts';
import { loadMore, type ShelfListStore } from '../../lib/shelf/store.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

/** A book's cover linking to its page (with the ePustaka it came from). */
export function ShelfCover({ book, epustakaId, size = 'md' }: { book: ShelfBook; epustakaId?: string | null; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <a
      href={bookPath(book.book_id, epustakaId)}
      className={`bg-base-200 block shrink-0 overflow-hidden rounded-box shadow-sm ring-1 ring-black/5 ${size === 'lg' ? 'w-full' : 'w-20 xs:w-24'}`}
      aria-label={t('shelf.cover', { title: book.book_title })}
    >
      {book.cover_url ? (
        <img src={book.cover_url} alt="" width={200} height={300} loading="lazy" decoding="async" className="aspect-[2/3] size-full object-cover" />
      ) : (
        <span className="text-base-content/40 grid aspect-[2/3] place-items-center">
          <CatalogueIcon name="book" className="size-8" />
        </span>
      )}
    </a>
  );
}

/** Title (a link to the book) and author. */
export function ShelfTitle({ book, epustakaId }: { book: ShelfBook; epustakaId?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <h3 className="line-clamp-2 leading-snug font-semibold" title={book.book_title}>
        <a href={bookPath(book.book_id, epustakaId)} className="hover:text-primary">
          {book.book_title}
        </a>
      </h3>
      <p className="text-base-content/70 truncate text-sm" title={book.book_author ?? undefined}>
        {book.book_author ? shortText(book.book_author) : t('shelf.unknownAuthor')}
      </p>
    </div>
  );
}

/** "Halaman N dari M · P% dibaca" ("± halaman …" for EPUB, as the reader says), with a bar; nothing before the first sync. */
export function ShelfProgressBar({ progress, kind }: { progress: ShelfProgress | null; kind: ShelfBook['file_ext'] }) {
  const { t } = useTranslation();
  const view = readingProgress(progress, kind);
  const text = progressLabel(progress, kind, t);
  if (!view) return <p className="text-base-content/70 text-xs">{text}</p>;
  return (
    <div className="flex flex-col gap-1">
      <progress className="progress progress-primary h-1.5 w-full" value={view.percent} max={100} aria-label={t('shelf.progress.label')} />
      <p className="text-base-content/70 text-xs tabular-nums">{text}</p>
    </div>
  );
}

/** An empty list: an icon, what it means, and where to go. */
export function ShelfEmpty({ icon, title, text, action }: { icon: CatalogueIconName; title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="border-base-300 flex flex-col items-center rounded-box border border-dashed px-6 py-12 text-center">
      <span className="bg-primary/10 text-primary grid size-14 place-items-center rounded-full">
        <CatalogueIcon name={icon} className="size-7" />
      </span>
      <p className="mt-4 text-lg font-bold">{title}</p>
      {text ? <p className="text-base-content/70 mt-1 max-w-sm text-sm">{text}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** 'Shown N of M' and 'load more' while the total exceeds what is loaded and nothing loads. */
export function ShelfFooter({ list, shown, total }: { list: ShelfListStore; shown: number; total: number }) {
  const { t } = useTranslation();
  const state = useStore(list.$state);
  if (total === 0) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-base-content/70 text-sm" role="status">
        {t('shelf.shown', { shown, total })}
      </p>
      {shown < total && !state.loading ? (
        <button type="button" className="btn btn-outline btn-primary min-w-48" onClick={() => loadMore(list, t)}>
          {t('shelf.loadMore')}
        </button>
      ) : null}
      {state.loading ? <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} /> : null}
    </div>
  );
}

/** The 'see all' link of a preview on /shelf. */
export function ShelfMoreLink({ href, total }: { href: string; total: number }) {
  const { t } = useTranslation();
  return (
    <a href={href} className="btn btn-ghost btn-sm text-primary">
      {t('shelf.moreCount', { count: total })}
      <CatalogueIcon name="chevronRight" className="size-4" />
    </a>
  );
}

/** The time now, moving on every `everyMs` after hydration; the server's time before. */
export function useNow(serverNow: string, everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A search box that searches on Enter only (typing alone never starts a search). */
export function ShelfSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      className="join w-full max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(q);
      }}
    >
      <label className="input join-item w-full">
        <CatalogueIcon name="search" className="size-4 opacity-60" />
        <span className="sr-only">{t('shelf.searchLabel')}</span>
        <input type="search" name="q" value={q} placeholder={t('shelf.searchLabel')} title={t('shelf.searchHint')} onChange={(event) => setQ(event.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary join-item">
        {t('shelf.searchButton')}
      </button>
    </form>
  );
}
