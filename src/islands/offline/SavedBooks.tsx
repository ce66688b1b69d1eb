import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { formatBytes } from '../../lib/contract/format.ts';
import { canSaveOffline } from '../../lib/offline/save.ts';
import { $savedBooks, $storage, refreshSavedBooks, removeFromDevice } from '../../lib/offline/store.ts';
import { notify, notifyError } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

/** The books saved on this device, with the storage they and the site use, each to read or remove. */
export const SavedBooks = withTexts(SavedBooksIsland, ['apiErrors', 'errors', 'offline']);

function SavedBooksIsland({ lang }: { lang: Lang }) {
  return <SavedBookList />;
}

function SavedBookList() {
  const { t, i18n } = useTranslation();
  const mounted = useMounted();
  const books = useStore($savedBooks);
  const storage = useStore($storage);
  const supported = mounted && canSaveOffline();

  useEffect(() => {
    if (supported) void refreshSavedBooks().catch((error) => console.warn('The saved books could not be listed', error));
  }, [supported]);

  if (!supported || books === null) return null;
  const language = i18n.language;
  const total = books.reduce((sum, book) => sum + book.bytes, 0);

  return (
    <section className="border-base-300 bg-base-100 rounded-box border p-4" aria-labelledby="saved-books-title" data-saved-books>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-books-title" className="text-lg font-bold">
          {t('offline.list.title')}
        </h2>
        <p className="text-base-content/70 text-xs tabular-nums" data-storage-use>
          {t('offline.list.books', { size: formatBytes(total, language) })}
          {storage ? ` · ${t('offline.list.storage', { usage: formatBytes(storage.usage, language), quota: formatBytes(storage.quota, language) })}` : ''}
        </p>
      </div>
      {books.length === 0 ? (
        <p className="text-base-content/70 mt-2 text-sm">{t('offline.list.empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {books.map((book) => (
            <li key={book.bookId} className="flex items-center gap-3" data-saved-book={book.bookId}>
              {book.coverUrl ? (
                <img src={book.coverUrl} alt="" width={40} height={60} loading="lazy" className="bg-base-200 aspect-[2/3] w-10 shrink-0 rounded object-cover" />
              ) : (
                <span className="bg-base-200 text-base-content/40 grid aspect-[2/3] w-10 shrink-0 place-items-center rounded">
                  <CatalogueIcon name="book" className="size-5" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{book.title}</p>
                <p className="text-base-content/70 truncate text-xs">
                  {book.author ? `${book.author} · ` : ''}
                  {formatBytes(book.bytes, language)}
                </p>
              </div>
              <a href={book.readerUrl} className="btn btn-primary btn-sm">
                <CatalogueIcon name="read" className="size-4" />
                {t('offline.list.read')}
              </a>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label={t('offline.list.remove', { title: book.title })}
                onClick={() => void removeFromDevice(book.bookId).then(() => notify('info', t('offline.removed')), (error) => notifyError(t, error))}
              >
                <CatalogueIcon name="trash" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
