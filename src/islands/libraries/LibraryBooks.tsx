import type { Lang } from '../../lib/i18n/index.ts';
import type { CardBook } from '../catalogue/BookCard.tsx';
import { BookCard } from '../catalogue/BookCard.tsx';
import { withTexts } from '../shell/I18nRoot.tsx';

/** A library's book preview as a scrolling row; rendered on the server without hydration (plain links). */
export const LibraryBooks = withTexts(LibraryBooksIsland);

function LibraryBooksIsland({ books, label }: { lang: Lang; books: CardBook[]; label: string }) {
  return (
    <ul aria-label={label} className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-3">
      {books.map((book, index) => (
        <li key={book.id} className="w-32 shrink-0 snap-start sm:w-36">
          <BookCard book={book} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
