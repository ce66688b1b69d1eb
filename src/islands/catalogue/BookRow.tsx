import type { Lang } from '../../lib/i18n/index.ts';
import { withTexts } from '../shell/I18nRoot.tsx';
import { BookCard, type CardBook } from './BookCard.tsx';

interface Props {
  lang: Lang;
  books: CardBook[];
  /** Accessible name of the list. */
  label: string;
}

/**
 * A row of books that scrolls sideways with snapping (similar books, home recommendations).
 * Rendered on the server only: it needs no script.
 */
export const BookRow = withTexts(BookRowIsland);

function BookRowIsland({ books, label }: Props) {
  return (
    <ul aria-label={label} className="-mx-3 flex snap-x snap-mandatory scroll-px-3 gap-4 overflow-x-auto px-3 pt-1 pb-4 sm:-mx-1 sm:px-1">
      {books.map((book) => (
        <li key={book.id} className="w-32 shrink-0 snap-start xs:w-36 md:w-40">
          <BookCard book={book} />
        </li>
      ))}
    </ul>
  );
}
