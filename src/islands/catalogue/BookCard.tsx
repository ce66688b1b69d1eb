import { useTranslation } from '../shell/I18nRoot.tsx';
import { bookPath } from '../../lib/catalogue/book.ts';
import { formatRating } from '../../lib/ratings/rules.ts';
import { shortText } from '../../lib/contract/text.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';

export interface CardBook {
  id: string;
  book_title: string;
  book_author: string | null;
  author_name?: string | null;
  cover_url: string | null;
  using_drm: boolean;
  avg_rating?: number | null;
  /** Absent where the list does not say (similar books). */
  available_qty?: number;
  all_qty?: number;
}

/**
 * A book in a grid or row: cover, title, author, then the DRM/open badge and the copies available. The
 * whole card is one link; the title is its name.
 */
export function BookCard({ book, eager = false }: { book: CardBook; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const author = book.book_author ?? book.author_name ?? null;
  const known = book.available_qty !== undefined;
  const out = book.using_drm && known && (book.available_qty ?? 0) <= 0;
  return (
    <a
      href={bookPath(book.id)}
      className="group focus-visible:ring-primary relative flex h-full flex-col rounded-box outline-none focus-visible:ring-2 focus-visible:ring-offset-4"
    >
      <div className="bg-base-200 relative aspect-[2/3] overflow-hidden rounded-box shadow-sm ring-1 ring-black/5 transition duration-200 group-hover:-translate-y-1 group-hover:shadow-lg">
        {book.cover_url ? (
          <img
            src={book.cover_url}
            alt=""
            width={200}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="text-base-content/40 grid size-full place-items-center">
            <CatalogueIcon name="book" className="size-10" />
          </div>
        )}
      </div>
      <div className="mt-2.5 flex flex-1 flex-col">
        <h3 className="group-hover:text-primary line-clamp-2 text-sm leading-snug font-semibold transition-colors" title={book.book_title}>
          {book.book_title}
        </h3>
        <p className="text-base-content/70 mt-0.5 truncate text-xs" title={author ?? undefined}>
          {author ? shortText(author) : t('catalogue.card.unknownAuthor')}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-1.5 text-xs">
          {/* Below the cover, not on it: covers print their own labels at the top. */}
          <span
            className={`inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-[0.6875rem] leading-none font-semibold ${
              book.using_drm ? 'bg-neutral text-neutral-content' : 'bg-success text-success-content'
            }`}
            data-access={book.using_drm ? 'drm' : 'open'}
          >
            <CatalogueIcon name={book.using_drm ? 'lock' : 'globe'} className="size-3" />
            {book.using_drm ? t('catalogue.card.drm') : t('catalogue.card.open')}
          </span>
          {known ? (
            <span className={`inline-flex items-center gap-1 font-medium ${out ? 'text-error' : 'text-success'}`}>
              {book.using_drm ? t('catalogue.card.available', { count: book.available_qty }) : t('catalogue.card.unlimited')}
            </span>
          ) : null}
          {book.avg_rating ? (
            <span className="text-base-content/70 ml-auto inline-flex items-center gap-0.5">
              <span className="text-amber-500" aria-hidden="true">
                ★
              </span>
              <span aria-hidden="true">{formatRating(book.avg_rating, i18n.language)}</span>
              <span className="sr-only">{t('catalogue.rating.value', { value: formatRating(book.avg_rating, i18n.language) })}</span>
            </span>
          ) : null}
        </div>
      </div>
    </a>
  );
}
