import type { Lang } from '../../lib/i18n/index.ts';
import type { CardBook } from '../catalogue/BookCard.tsx';
import { BookCard } from '../catalogue/BookCard.tsx';
import { BookActionButtons, BookActionDialogs } from '../shelf/BookActions.tsx';
import { withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  books: CardBook[];
  label: string;
  viewerId: string;
}

/**
 * The book results of /search: the server renders the cards, which work as links
 * without JavaScript; once hydrated each has its recommend and share buttons.
 */
export const BookResults = withTexts(BookResultsIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'shelf']);

function BookResultsIsland({ books, label, viewerId }: Props) {
  return (
    <>
      <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {books.map((book, index) => (
          <li key={book.id} id={`row-${index + 1}`} className="flex scroll-mt-24 flex-col">
            <div className="flex-1">
              <BookCard book={book} eager={index < 6} />
            </div>
            <div className="mt-1 flex justify-end gap-0.5">
              <BookActionButtons book={{ book_id: book.id, book_title: book.book_title, book_author: book.book_author, cover_url: book.cover_url, using_drm: book.using_drm, file_ext: null }} />
            </div>
          </li>
        ))}
      </ul>
      <BookActionDialogs viewerId={viewerId} />
    </>
  );
}
