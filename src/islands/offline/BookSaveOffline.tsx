import type { Lang } from '../../lib/i18n/index.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { useBook, type BookIslandProps } from '../catalogue/useBook.ts';
import { SaveOfflineControl } from './SaveOffline.tsx';

/**
 * The book page's "save for offline": for an open (non-DRM) book the reader has on loan, which
 * the readers open; it appears as soon as a loan is made on the page.
 */
export function BookSaveOffline({ lang, ...props }: BookIslandProps & { lang: Lang }) {
  return (
    <I18nRoot lang={lang}>
      <Control {...props} />
    </I18nRoot>
  );
}

function Control(props: BookIslandProps) {
  const book = useBook(props);
  if (book.using_drm || !book.web_readable || !book.has_borrow || !book.file_ext) return null;
  return <SaveOfflineControl bookId={book.id} />;
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
BookSaveOffline.texts = ['apiErrors', 'catalogue', 'errors', 'lending', 'offline'];
