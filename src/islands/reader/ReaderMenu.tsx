import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { TocEntry } from '../../lib/reader/schema.ts';
import { $bookBookmarks, $navigation } from '../../lib/reader/store.ts';
import { useBookmarkPage } from './ReadingProgressLabel.tsx';
import { ReaderIcon } from './ReaderIcon.tsx';

export type MenuTarget = { page?: number | null; href?: string };

/**
 * The toolbar's menu: a dropdown with two tabs, the table of contents and the
 * bookmarks ('Page N | title'); choosing an entry jumps there. At most 400 px high.
 */
export function ReaderMenu({ onJump }: { onJump: (target: MenuTarget) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'toc' | 'bookmarks'>('toc');
  const navigation = useStore($navigation);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const jump = (target: MenuTarget) => {
    setOpen(false);
    onJump(target);
  };

  return (
    <div ref={root} className="relative">
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('reader.menu')} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <ReaderIcon name="menu" />
      </button>
      {open && (
        <div id={panelId} className="bg-base-100 rounded-box border-base-300 absolute top-full left-0 z-30 mt-1 flex max-h-[400px] w-80 max-w-[90vw] flex-col border shadow-lg">
          <div role="tablist" className="tabs tabs-border shrink-0">
            <button type="button" role="tab" aria-selected={tab === 'toc'} className={`tab ${tab === 'toc' ? 'tab-active' : ''}`} onClick={() => setTab('toc')}>
              {t('reader.tabToc')}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'bookmarks'} className={`tab ${tab === 'bookmarks' ? 'tab-active' : ''}`} onClick={() => setTab('bookmarks')}>
              {t('reader.tabBookmarks')}
            </button>
          </div>
          <div role="tabpanel" className="min-h-0 overflow-y-auto p-2">
            {tab === 'toc' ? (
              navigation === null ? (
                <p className="text-base-content/70 p-2 text-sm">{t('common.loading')}</p>
              ) : navigation.toc.length === 0 ? (
                <p className="text-base-content/70 p-2 text-sm">{t('reader.noToc')}</p>
              ) : (
                <TocList entries={navigation.toc} onJump={jump} />
              )
            ) : (
              <BookmarkList onJump={jump} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** The book's bookmarks, each named by its page in the reader's language ('Halaman N | title'). */
export function BookmarkList({ onJump, large = false }: { onJump: (target: MenuTarget) => void; large?: boolean }) {
  const { t } = useTranslation();
  const bookmarks = useStore($bookBookmarks);
  const label = useBookmarkPage();
  if (bookmarks.length === 0) return <p className="text-base-content/70 p-2 text-sm">{t('reader.noBookmark')}</p>;
  return (
    <ul className={`menu w-full ${large ? '' : 'menu-sm'}`}>
      {bookmarks.map((b) => (
        <li key={b.page}>
          <button type="button" className={large ? 'min-h-11' : ''} onClick={() => onJump({ page: b.page })}>
            {b.title ? t('readerComfort.bookmarkEntryTitled', { page: label(b.page), title: b.title }) : t('readerComfort.bookmarkEntry', { page: label(b.page) })}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TocList({ entries, onJump }: { entries: TocEntry[]; onJump: (target: MenuTarget) => void }) {
  return (
    <ul className="menu menu-sm w-full">
      {entries.map((entry, index) => (
        <li key={`${index}-${entry.title}`}>
          {/* dir="auto": a Hebrew or Arabic label lays out right to left, its page number on the left. */}
          <button type="button" dir="auto" disabled={entry.page === null && !entry.href} onClick={() => onJump({ page: entry.page, href: entry.href })}>
            <span className="min-w-0 flex-1 truncate text-start">{entry.title || '—'}</span>
            {entry.page ? <span className="text-base-content/70 text-xs">{entry.page}</span> : null}
          </button>
          {entry.items.length > 0 && <TocList entries={entry.items} onJump={onJump} />}
        </li>
      ))}
    </ul>
  );
}
