import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $reviews } from '../../lib/ratings/reviews-store.ts';
import { I18nRoot, useTranslation } from '../shell/I18nRoot.tsx';
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

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
ReviewTabLabel.texts = ['apiErrors', 'catalogue', 'errors', 'lending'];
