import { useStore } from '@nanostores/react';
import type { BookDetail } from '../../lib/catalogue/schema.ts';
import { formatRating } from '../../lib/ratings/rules.ts';
import { $reviewBusy, $reviews, saveReview } from '../../lib/ratings/reviews-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { Comment } from './Comment.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { Stars } from './Stars.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';

/** The review tab: the user's own review form, then everyone's reviews with replies. */
export const BookReviews = withTexts(Reviews, ['apiErrors', 'catalogue', 'common', 'errors', 'lending']);

function Reviews(props: BookIslandProps) {
  const { t, i18n } = useTranslation();
  const book = useBook(props);
  // The server renders no reviews; the list appears once hydrated, so hydration matches.
  const mounted = useMounted();
  const reviews = useStore($reviews);
  const { data, error, loading } = mounted ? reviews : { data: undefined, error: undefined, loading: true };
  const meta = data?.meta;
  const count = meta?.review_count ?? book.review_count;
  const average = meta ? meta.avg_rating : book.avg_rating;

  const own = book.user_rating;
  const list = data?.data;
  // The user's own review is listed first, with its Edit action; the form is for writing one.
  const ownListed = own ? list?.find((rating) => rating.id === own.id) : undefined;
  const ordered = list && ownListed ? [ownListed, ...list.filter((rating) => rating !== ownListed)] : list;
  const empty = list !== undefined && list.length === 0;
  // A review exists but is not on the first page: the form stays the way to change it.
  const showForm = book.has_borrow_before && list !== undefined && (!own || !ownListed);

  return (
    <div className="flex flex-col gap-6">
      {empty ? (
        <div className="bg-base-200 flex flex-col items-center gap-2 rounded-box px-6 py-8 text-center" role="status">
          <CatalogueIcon name="pen" className="text-base-content/50 size-8" />
          <p className="font-semibold">{t('catalogue.review.emptyTitle')}</p>
          <p className="text-base-content/70 text-sm">{book.has_borrow_before ? t('catalogue.review.emptyCanReview') : t('catalogue.review.emptyMustBorrow')}</p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="flex items-center gap-3">
            <span className="text-4xl font-bold tabular-nums">{average ? formatRating(average, i18n.language) : '–'}</span>
            <div>
              <Stars value={average} label={t('catalogue.rating.value', { value: formatRating(average, i18n.language) })} className="size-5" />
              <p className="text-base-content/70 text-sm">{t('catalogue.review.count', { count })}</p>
            </div>
          </div>
        </div>
      )}

      {showForm ? <BookReviewForm key={own?.id ?? 'new'} book={book} /> : null}
      {!book.has_borrow_before && list !== undefined && !empty ? (
        <p className="bg-base-200 text-base-content/80 flex items-start gap-2 rounded-box p-4 text-sm">
          <CatalogueIcon name="info" className="mt-0.5 size-4 shrink-0" />
          {t('catalogue.review.mustBorrow')}
        </p>
      ) : null}

      {error && !data ? (
        <div role="alert" className="alert alert-error alert-soft">
          {t('catalogue.review.error')}
        </div>
      ) : null}
      {loading && !data ? (
        <div className="flex justify-center py-6">
          <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />
        </div>
      ) : null}
      {ordered && ordered.length > 0 ? (
        <ul className="divide-base-300 flex flex-col divide-y" aria-label={t('catalogue.review.listLabel')}>
          {ordered.map((rating) => (
            <li key={rating.id} className="py-4 first:pt-0">
              <Comment rating={rating} viewerId={props.userId} />
            </li>
          ))}
        </ul>
      ) : null}
      <ReportDialog />
    </div>
  );
}

/** The user's review on the book page: saved the first time, edited afterwards. */
function BookReviewForm({ book }: { book: BookDetail }) {
  const { t } = useTranslation();
  const busy = useStore($reviewBusy);
  return <ReviewForm own={book.user_rating} busy={busy} onSave={(input) => void saveReview(t, input)} />;
}
