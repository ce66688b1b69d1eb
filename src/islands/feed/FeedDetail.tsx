import { useEffect, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { FeedItem } from '../../lib/feed/schema.ts';
import { followCommentCount, toggleLike } from '../../lib/feed/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { FeedCard } from './FeedCard.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';

interface Props {
  lang: Lang;
  item: FeedItem;
  viewerId: string;
}

/** One feed item on its own page (/timeline/detail/{id}), with its like button. */
export const FeedDetail = withTexts(Detail, ['apiErrors', 'catalogue', 'common', 'errors', 'feed']);

function Detail({ item: initial, viewerId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [item, setItem] = useState(initial);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => followCommentCount(initial, (patch) => setItem((current) => ({ ...current, ...patch }))), [initial.id]);
  return (
    <>
      <FeedCard item={item} detail onLike={() => void toggleLike(t, item, viewerId, (patch) => setItem((current) => ({ ...current, ...patch })))} onDelete={() => setDeleting(true)} />
      <DeletePostDialog item={deleting ? item : null} onClose={() => setDeleting(false)} onDeleted={() => window.location.assign('/timeline')} />
    </>
  );
}
