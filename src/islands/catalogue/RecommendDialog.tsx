import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { hasMore, notifyCatalogueError } from '../../lib/catalogue/store.ts';
import { closeDialog, followers } from '../../lib/catalogue/book-actions-store.ts';
import { $recommendBusy, $recommendSent, recommendTo, startRecommendation } from '../../lib/social/store.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { Modal } from '../shell/Modal.tsx';

interface Props {
  open: boolean;
  viewerId: string;
  /** The book to recommend; the book page's own book when absent. */
  bookId?: string;
  onClose?: () => void;
}

/** Recommend to a friend: a message, then a follower to send it to; 600 px wide. */
export function RecommendDialog({ open, viewerId, bookId, onClose = closeDialog }: Props) {
  const { t } = useTranslation();
  // Each opening starts afresh: nobody sent to yet, the follower list loaded again.
  useEffect(() => {
    if (open) startRecommendation();
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} title={t('catalogue.recommend.title')} widthClass="max-w-[600px]">
      <Recommend viewerId={viewerId} bookId={bookId} />
    </Modal>
  );
}

function Recommend({ viewerId, bookId }: { viewerId: string; bookId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [q, setQ] = useState('');
  const state = useStore(followers.$state);
  const sent = useStore($recommendSent);
  const busy = useStore($recommendBusy);

  // Searching waits for a pause in typing; clearing the search lists everyone again.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((followers.params()?.q ?? '') !== q.trim()) followers.load({ q: q.trim() || undefined }).catch(() => undefined);
    }, 500);
    return () => clearTimeout(timer);
  }, [q]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={`${id}-message`} className="mb-1.5 block text-sm font-semibold">
          {t('catalogue.recommend.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="textarea w-full"
          rows={2}
          maxLength={2000}
          placeholder={t('catalogue.recommend.messagePlaceholder')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-q`} className="mb-1.5 block text-sm font-semibold">
          {t('catalogue.recommend.search')}
        </label>
        <label className="input w-full">
          <CatalogueIcon name="search" className="text-base-content/50 size-4" />
          <input id={`${id}-q`} type="search" className="grow" placeholder={t('catalogue.recommend.searchPlaceholder')} value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>
      <div className="border-base-300 max-h-[30vh] overflow-y-auto rounded-box border" aria-busy={state.loading}>
        {state.loaded && state.items.length === 0 ? (
          <p className="text-base-content/70 p-4 text-center text-sm">{t(q.trim() ? 'catalogue.recommend.noMatch' : 'catalogue.recommend.empty')}</p>
        ) : null}
        <ul className="divide-base-300 divide-y">
          {state.items.map((user) => {
            const done = sent.includes(user.id);
            return (
              <li key={user.id} className="flex items-center gap-3 px-3 py-2">
                <Avatar name={user.name} id={user.id} src={user.avatar_url} className="size-9 text-xs" />
                <span className="min-w-0 flex-1 truncate font-medium">{user.name}</span>
                {user.id === viewerId ? null : done ? (
                  <span className="text-success inline-flex items-center gap-1 text-sm font-semibold">
                    <CatalogueIcon name="check" className="size-4" />
                    {t('catalogue.recommend.sentLabel')}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={busy !== null}
                    aria-label={t('catalogue.recommend.sendTo', { name: user.name })}
                    onClick={() => void recommendTo(t, user, message, bookId ? { id: bookId, viewerId } : undefined)}
                  >
                    {busy === user.id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <CatalogueIcon name="send" className="size-4" />}
                    {t('catalogue.recommend.send')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {state.loading ? (
          <div className="flex justify-center p-3">
            <span className="loading loading-spinner loading-sm text-primary" aria-label={t('common.loading')} />
          </div>
        ) : null}
        {hasMore(state) && !state.loading ? (
          <button type="button" className="btn btn-ghost btn-sm btn-block" onClick={() => followers.more().catch((error) => notifyCatalogueError(t, error))}>
            {t('catalogue.people.more')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
