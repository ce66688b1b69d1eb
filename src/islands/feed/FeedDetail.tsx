import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/i18n/index.ts';
import type { FeedItem } from '../../lib/api/schemas/feed.ts';
import { toggleLike } from '../../lib/stores/feed.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { FeedCard } from './FeedCard.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';

interface Props {
  lang: Lang;
  item: FeedItem;
  viewerId: string;
}

/** One feed item on its own page (/timeline/detail/{id}), with its like button. */
export function FeedDetail({ lang, ...props }: Props) {
  return (
    <I18nRoot lang={lang}>
      <Detail {...props} />
    </I18nRoot>
  );
}

function Detail({ item: initial, viewerId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [item, setItem] = useState(initial);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <FeedCard item={item} detail onLike={() => void toggleLike(t, item, viewerId, (patch) => setItem((current) => ({ ...current, ...patch })))} onDelete={() => setDeleting(true)} />
      <DeletePostDialog item={deleting ? item : null} onClose={() => setDeleting(false)} onDeleted={() => window.location.assign('/timeline')} />
    </>
  );
}
