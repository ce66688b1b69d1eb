import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { ShelfBook } from '../../lib/shelf/schema.ts';
import { $bookAction, closeBookAction, openBookAction } from '../../lib/shelf/store.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { RecommendDialog } from '../catalogue/RecommendDialog.tsx';
import { ShareDialog } from '../catalogue/ShareDialog.tsx';

/** Recommend and share buttons of a shelf card. */
export function BookActionButtons({ book }: { book: ShelfBook }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={`${t('catalogue.menu.recommend')}: ${book.book_title}`}
        title={t('catalogue.menu.recommend')}
        onClick={() => openBookAction('recommend', book)}
      >
        <CatalogueIcon name="send" className="size-4" />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={`${t('catalogue.menu.share')}: ${book.book_title}`}
        title={t('catalogue.menu.share')}
        onClick={() => openBookAction('share', book)}
      >
        <CatalogueIcon name="share" className="size-4" />
      </button>
    </>
  );
}

/** The book page's recommend and share dialogs, for the book a shelf card asked for. */
export function BookActionDialogs({ viewerId }: { viewerId: string }) {
  const action = useStore($bookAction);
  return (
    <>
      <RecommendDialog open={action?.kind === 'recommend'} viewerId={viewerId} bookId={action?.book.id} onClose={closeBookAction} />
      <ShareDialog open={action?.kind === 'share'} book={action?.book ?? null} onClose={closeBookAction} />
    </>
  );
}
