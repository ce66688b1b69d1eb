import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { HistoryItem } from '../../lib/shelf/schema.ts';
import { historyGrid } from '../../lib/shelf/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { ShelfCover, ShelfEmpty, ShelfFooter, ShelfProgressBar, ShelfTitle } from './ShelfParts.tsx';
import { useSeededList } from '../shell/useLoadMore.ts';

interface Props {
  lang: Lang;
  initial: ListBody<HistoryItem>;
  /** Whose history: the caller's when absent. */
  userId?: string;
}

/** /book-history-list: a grid of the books read, 20 then 20 more. */
export const HistoryGrid = withTexts(Grid, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'readingProgress', 'shelf']);

function Grid({ initial, userId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const { items, total } = useSeededList(historyGrid, userId ? { user_id: userId } : {}, initial);
  if (items.length === 0) return <ShelfEmpty icon="clock" title={t('shelf.history.notFound')} text={t('shelf.history.emptyText')} />;
  return (
    <div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6" aria-label={t('shelf.history.title')}>
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2">
            <ShelfCover book={item} size="lg" />
            <ShelfTitle book={item} />
            <ShelfProgressBar progress={item.progress} kind={item.file_ext} />
          </li>
        ))}
      </ul>
      <ShelfFooter list={historyGrid} shown={items.length} total={total} />
    </div>
  );
}
