
import { withTexts } from '../shell/I18nRoot.tsx';
import { useBook, type BookIslandProps } from '../catalogue/useBook.ts';
import { SaveOfflineControl } from './SaveOffline.tsx';

/**
 * The book page's "save for offline": for an open (non-DRM) book the reader has on loan, which
 * the readers open; it appears as soon as a loan is made on the page.
 */
export const BookSaveOffline = withTexts(Control, ['apiErrors', 'catalogue', 'errors', 'lending', 'offline']);

function Control(props: BookIslandProps) {
  const book = useBook(props);
  if (book.using_drm || !book.web_readable || !book.has_borrow || !book.file_ext) return null;
  return <SaveOfflineControl bookId={book.id} />;
}
