import type { Lang } from '../../lib/i18n/index.ts';
import type { CardBook } from '../catalogue/BookCard.tsx';
import { BookCard } from '../catalogue/BookCard.tsx';
import { withTexts } from '../shell/I18nRoot.tsx';

/**
 * The book results of /search as plain markup: rendered by the server only (no hydration), so the
 * page works without JavaScript; paging is by links.
 */
export const SearchResults = withTexts(SearchResultsIsland);

function SearchResultsIsland({ books, label }: { lang: Lang; books: CardBook[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {books.map((book, index) => (
        <li key={book.id} id={`row-${index + 1}`} className="scroll-mt-24">
          <BookCard book={book} eager={index < 6} />
        </li>
      ))}
    </ul>
  );
}
