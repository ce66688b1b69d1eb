import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { FeedItem } from '../../lib/feed/schema.ts';
import { createFeedList, patchItem, toggleLike, type FeedList as FeedListStore } from '../../lib/feed/store.ts';
import { hasMore } from '../../lib/paging/list-store.ts';
import { notifyError } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { FeedCard } from './FeedCard.tsx';
import { PostComposer } from './PostComposer.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';

interface Props {
  /** One user's items (a profile); the caller's timeline when absent. */
  userId?: string;
  /** An ePustaka's items (its page). */
  epustakaId?: string;
  /** Shows the box for a new post (as the user, or as the ePustaka with `epustakaId`). */
  canPost?: boolean;
  lang: Lang;
  /** The first page, rendered by the server. */
  initial?: ListBody<FeedItem>;
  /** The signed-in user. */
  viewerId?: string;
  /** The signed-in user's organisation (where post pictures are uploaded). */
  organizationId?: string;
}

/**
 * The one feed component of the timeline, profiles and ePustaka pages: 10 items at
 * a time, more as the end of the list scrolls into view, likes in place.
 */
export const Feed = withTexts(FeedList, ['account', 'apiErrors', 'catalogue', 'common', 'errors', 'feed']);

function FeedList({ userId, epustakaId, canPost = false, initial, viewerId = '', organizationId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [list] = useState<FeedListStore>(() => {
    const store = createFeedList();
    if (initial) store.seed({ userId, epustakaId }, initial);
    return store;
  });
  const state = useStore(list.$state);
  useEffect(() => {
    if (!initial) list.load({ userId, epustakaId }).catch((error) => notifyError(t, error));
  }, []);
  const [deleting, setDeleting] = useState<FeedItem | null>(null);
  const items = state.loaded ? state.items : (initial?.data ?? []);
  const more = hasMore(state);
  return (
    <div className="flex flex-col gap-4">
      {canPost ? <PostComposer epustakaId={epustakaId} viewerId={viewerId} organizationId={organizationId} onPosted={() => void list.load({ userId, epustakaId })} /> : null}
      {state.loaded && items.length === 0 ? (
        <div className="card bg-base-100 border-base-300 border p-8 text-center" data-testid="feed-empty">
          <p className="text-lg font-semibold">{t('feed.empty')}</p>
          <p className="text-base-content/70 mt-1 text-sm">{t(epustakaId ? 'feed.emptyEpustaka' : 'feed.emptyHint')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('feed.list')} aria-busy={state.loading}>
          {items.map((item) => (
            <li key={item.id}>
              <FeedCard
                item={item}
                onLike={() => void toggleLike(t, item, viewerId, (patch) => patchItem(list, item.id, patch))}
                onDelete={() => setDeleting(item)}
              />
            </li>
          ))}
        </ul>
      )}
      {more ? <MoreTrigger list={list} loading={state.loading} /> : null}
      {!state.loaded && state.loading ? <span className="loading loading-spinner text-primary mx-auto" aria-label={t('feed.loading')} /> : null}
      <DeletePostDialog item={deleting} onClose={() => setDeleting(null)} onDeleted={() => void list.reload()} />
    </div>
  );
}

/** Loads the next page when it scrolls into view; a button does the same without scrolling. */
function MoreTrigger({ list, loading }: { list: FeedListStore; loading: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const loadingRef = useRef(loading);
  loadingRef.current = loading;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingRef.current) list.more().catch((error) => notifyError(t, error));
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [list]);
  return (
    <div ref={ref} className="flex justify-center py-2">
      {loading ? (
        <span className="loading loading-spinner text-primary" aria-label={t('feed.loading')} />
      ) : (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => list.more().catch((error) => notifyError(t, error))}>
          {t('feed.more')}
        </button>
      )}
    </div>
  );
}
