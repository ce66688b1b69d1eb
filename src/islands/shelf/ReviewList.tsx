import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { ReviewShelfItem } from '../../lib/shelf/schema.ts';
import { formatRating } from '../../lib/ratings/rules.ts';
import { moreHref, SHELF_PREVIEW } from '../../lib/shelf/rules.ts';
import { $reviewing, $reviewSaving, closeReview, openReview, reviewShelf, saveShelfReview } from '../../lib/shelf/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { ReviewDialog } from '../catalogue/ReviewDialog.tsx';
import { Stars } from '../catalogue/Stars.tsx';
import { ShelfCover, ShelfEmpty, ShelfFooter, ShelfMoreLink, ShelfTitle } from './ShelfParts.tsx';
import { useSeededList } from '../shell/useLoadMore.ts';

interface Props {
  lang: Lang;
  initial: ListBody<ReviewShelfItem>;
  mode: 'preview' | 'full';
}

/** The review shelf: books I borrowed with my rating and comment. */
export const ReviewList = withTexts(ReviewListIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'readingProgress', 'shelf']);

function ReviewListIsland({ ...props }: Props) {
  return (
    <>
      <Reviews {...props} />
      <ShelfReviewDialog />
    </>
  );
}

function Reviews({ initial, mode }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const { items, total } = useSeededList(reviewShelf, {}, initial);
  const shown = mode === 'preview' ? items.slice(0, SHELF_PREVIEW) : items;
  return (
    <div className="flex flex-col gap-4">
      {shown.length === 0 ? (
        <ShelfEmpty icon="pen" title={t('shelf.review.empty')} text={t('shelf.review.emptyText')} />
      ) : (
        <ul className="divide-base-300 border-base-300 bg-base-100 divide-y rounded-box border" aria-label={t('shelf.review.title')}>
          {shown.map((item) => (
            <li key={item.id}>
              <ReviewRow item={item} />
            </li>
          ))}
        </ul>
      )}
      {mode === 'preview' && total > 0 ? (
        <div className="flex justify-end">
          <ShelfMoreLink href={moreHref('review')} total={total} />
        </div>
      ) : null}
      {mode === 'full' ? <ShelfFooter list={reviewShelf} shown={items.length} total={total} /> : null}
    </div>
  );
}

function ReviewRow({ item }: { item: ReviewShelfItem }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="flex items-start gap-3 p-3 xs:gap-4 xs:p-4">
      <div className="w-14 shrink-0 xs:w-16">
        <ShelfCover book={{ ...item, book_id: item.id }} size="lg" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <ShelfTitle book={{ ...item, book_id: item.id }} />
        {item.has_rating ? (
          <>
            <Stars value={item.rating_level} label={t('catalogue.rating.value', { value: formatRating(item.rating_level, i18n.language) })} className="size-4" />
            <p className="text-base-content/80 line-clamp-3 text-sm break-words whitespace-pre-line">{item.rating_comment}</p>
          </>
        ) : (
          <p className="text-base-content/70 text-sm">{t('shelf.review.notRated')}</p>
        )}
        <div className="pt-1">
          <button type="button" className={`btn btn-sm ${item.has_rating ? 'btn-outline' : 'btn-primary'}`} onClick={() => openReview(item)}>
            <CatalogueIcon name="pen" className="size-4" />
            {item.has_rating ? t('shelf.review.edit') : t('shelf.review.give')}
          </button>
        </div>
      </div>
    </article>
  );
}

/** The shelf's review dialog: the shared one, saving through the shelf store. */
function ShelfReviewDialog() {
  const { t } = useTranslation();
  const item = useStore($reviewing);
  const saving = useStore($reviewSaving);
  const target = item
    ? { id: item.id, book_title: item.book_title, own: item.has_rating ? { rating_level: item.rating_level, rating_comment: item.rating_comment } : null }
    : null;
  return <ReviewDialog target={target} busy={saving} onClose={closeReview} onSave={(input) => void saveShelfReview(t, input)} />;
}
