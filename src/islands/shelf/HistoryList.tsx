import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { HistoryItem } from '../../lib/shelf/schema.ts';
import { moreHref, SHELF_PREVIEW } from '../../lib/shelf/rules.ts';
import { $busy, askConfirm, historyShelf, searchList } from '../../lib/shelf/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ShelfCover, ShelfEmpty, ShelfFooter, ShelfMoreLink, ShelfProgressBar, ShelfSearch, ShelfTitle } from './ShelfParts.tsx';
import { useSeededList } from '../shell/useLoadMore.ts';
import { formatDate } from '../../lib/contract/format.ts';

interface Props {
  lang: Lang;
  initial: ListBody<HistoryItem>;
  mode: 'preview' | 'full';
  q?: string;
}

/**
 * The reading history: newest first with the progress reached, search on
 * Enter, remove an item. Rows carry an object type, so other kinds of content can join the list.
 */
export const HistoryList = withTexts(HistoryListIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'readingProgress', 'shelf']);

function HistoryListIsland({ ...props }: Props) {
  return (
    <>
      <History {...props} />
      <ConfirmDialog />
    </>
  );
}

function History({ initial, mode, q = '' }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const { items, total } = useSeededList(historyShelf, { q: q || undefined }, initial);
  const query = historyShelf.params() ? (historyShelf.params()!.q ?? '') : q;
  const shown = mode === 'preview' ? items.slice(0, SHELF_PREVIEW) : items;
  return (
    <div className="flex flex-col gap-4">
      {mode === 'full' ? <ShelfSearch initial={q} onSearch={(value) => searchList(historyShelf, value, t)} /> : null}
      {shown.length === 0 ? (
        query ? (
          <ShelfEmpty icon="search" title={t('shelf.history.notFound')} text={t('shelf.noMatch', { q: query })} />
        ) : (
          <ShelfEmpty icon="clock" title={t('shelf.history.empty')} text={t('shelf.history.emptyText')} />
        )
      ) : (
        <ul className="divide-base-300 border-base-300 bg-base-100 divide-y rounded-box border" aria-label={t('shelf.history.title')}>
          {shown.map((item) => (
            <li key={item.id}>
              <HistoryRow item={item} />
            </li>
          ))}
        </ul>
      )}
      {mode === 'preview' && total > 0 ? (
        <div className="flex justify-end">
          <ShelfMoreLink href={moreHref('history')} total={total} />
        </div>
      ) : null}
      {mode === 'full' ? <ShelfFooter list={historyShelf} shown={items.length} total={total} /> : null}
    </div>
  );
}

/** One history row: cover, title, author, when it was opened and how far it was read. */
export function HistoryRow({ item, removable = true }: { item: HistoryItem; removable?: boolean }) {
  const { t, i18n } = useTranslation();
  const busy = useStore($busy) === item.id;
  const opened = formatDate(item.last_accessed_at, i18n.language, 'short');
  return (
    <article className="flex items-start gap-3 p-3 xs:gap-4 xs:p-4" aria-busy={busy}>
      <div className="w-14 shrink-0 xs:w-16">
        <ShelfCover book={item} size="lg" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <ShelfTitle book={item} />
        <p className="text-base-content/70 text-xs">
          <time dateTime={item.last_accessed_at}>{t('shelf.history.opened', { date: opened })}</time>
        </p>
        <div className="max-w-xs">
          <ShelfProgressBar progress={item.progress} kind={item.file_ext} />
        </div>
      </div>
      {removable ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={`${t('shelf.history.remove')}: ${item.book_title}`}
          title={t('shelf.history.remove')}
          disabled={busy}
          onClick={() => askConfirm({ kind: 'remove', item })}
        >
          <CatalogueIcon name="trash" className="size-4" />
        </button>
      ) : null}
    </article>
  );
}
