import { useStore } from '@nanostores/react';
import { $reviews } from '../../lib/ratings/reviews-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { useBook, type BookIslandProps } from './useBook.ts';

/** The review tab's name with its count, which changes as reviews are written or deleted. */
export const ReviewTabLabel = withTexts(Label, ['apiErrors', 'catalogue', 'errors', 'lending']);

function Label(props: BookIslandProps) {
  const { t } = useTranslation();
  const book = useBook(props);
  const stored = useStore($reviews).data;
  const reviews = useMounted() ? stored : undefined;
  return <>{t('catalogue.tabs.reviewCount', { count: reviews?.meta.review_count ?? book.review_count })}</>;
}
