import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/i18n/index.ts';
import { $reviews } from '../../lib/stores/reviews.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { useBook, type BookIslandProps } from './useBook.ts';

/** The review tab's name with its count, which changes as reviews are written or deleted. */
export function ReviewTabLabel({ lang, ...props }: BookIslandProps & { lang: Lang }) {
  return (
    <I18nRoot lang={lang}>
      <Label {...props} />
    </I18nRoot>
  );
}

function Label(props: BookIslandProps) {
  const { t } = useTranslation();
  const book = useBook(props);
  const stored = useStore($reviews).data;
  const reviews = useMounted() ? stored : undefined;
  return <>{t('catalogue.tabs.reviewCount', { count: reviews?.meta.review_count ?? book.review_count })}</>;
}
