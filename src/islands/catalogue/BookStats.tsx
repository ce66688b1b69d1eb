
import { specTiles } from '../../lib/catalogue/book.ts';
import { openDialog, type BookDialog } from '../../lib/catalogue/book-actions-store.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';
import { formatBytes, formatNumber } from '../../lib/contract/format.ts';

/**
 * The specification tiles: file size, total copies, available, readers, queue and
 * borrowers. The people counts open their lists.
 */
export const BookStats = withTexts(Tiles, ['apiErrors', 'catalogue', 'errors', 'lending']);

interface Tile {
  id: string;
  icon: CatalogueIconName;
  value: string;
  dialog?: BookDialog;
}

function Tiles(props: BookIslandProps) {
  const { t, i18n } = useTranslation();
  const book = useBook(props);
  const tiles = specTiles(book);
  const number = (n: number) => formatNumber(n, i18n.language);
  const items: Tile[] = [
    { id: 'fileSize', icon: 'file', value: tiles.fileSize === null ? '–' : formatBytes(tiles.fileSize, i18n.language) },
    { id: 'total', icon: 'copies', value: tiles.total === null ? t('catalogue.stats.unlimited') : number(tiles.total), dialog: 'owners' },
    { id: 'available', icon: 'check', value: tiles.available === null ? t('catalogue.stats.unlimited') : number(tiles.available) },
    { id: 'readers', icon: 'eye', value: number(tiles.readers), dialog: 'readers' },
    { id: 'queue', icon: 'queue', value: number(tiles.queue), dialog: 'queue' },
    { id: 'borrowers', icon: 'users', value: number(tiles.borrowers), dialog: 'borrowers' },
  ];
  return (
    <ul className="grid grid-cols-2 gap-2 xs:grid-cols-3" aria-label={t('catalogue.stats.label')}>
      {items.map((tile) => {
        const body = (
          <>
            <span className="text-base-content/70 flex items-center gap-1.5 text-xs font-medium">
              <CatalogueIcon name={tile.icon} className="size-3.5" />
              {t(`catalogue.stats.${tile.id}`)}
            </span>
            <span className="mt-1 block text-lg leading-tight font-bold" data-stat={tile.id}>
              {tile.value}
            </span>
          </>
        );
        return (
          <li key={tile.id}>
            {tile.dialog ? (
              <button
                type="button"
                className="bg-base-100 border-base-300 hover:border-primary focus-visible:border-primary group block w-full rounded-box border px-3 py-2.5 text-left transition-colors"
                aria-haspopup="dialog"
                onClick={() => openDialog(tile.dialog!)}
              >
                {body}
                <span className="sr-only">{t('catalogue.stats.openList')}</span>
              </button>
            ) : (
              <div className="bg-base-100 border-base-300 rounded-box border px-3 py-2.5">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
