import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { Borrower, CollectionOwner, QueueEntry } from '../../lib/lending/schema.ts';
import type { UserBrief } from '../../lib/contract/users.ts';
import type { MapStore } from 'nanostores';
import { hasMore, notifyCatalogueError, type ListState } from '../../lib/catalogue/store.ts';
import { borrowers, owners, queue } from '../../lib/catalogue/book-actions-store.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { FollowButton } from './FollowButton.tsx';
import { builtHref } from '../../lib/site/built-pages.ts';
import { formatDate } from '../../lib/contract/format.ts';

type Kind = 'borrowers' | 'readers' | 'queue' | 'owners';

interface Row {
  user: UserBrief;
  detail: string;
  key: string;
}

/**
 * A list of people in a dialog: current borrowers or all readers (5 at a time),
 * the queue (10) or the collection owners (25), each linking to their profile with a follow button.
 */
export function PeopleList({ kind, viewerId }: { kind: Kind; viewerId: string }) {
  const { t, i18n } = useTranslation();
  const list = kind === 'queue' ? queue : kind === 'owners' ? owners : borrowers;
  const state = useStore(list.$state as MapStore<ListState<Borrower | QueueEntry | CollectionOwner>>);
  const date = (iso: string) => formatDate(iso, i18n.language, 'short');
  const time = (iso: string) => formatDate(iso, i18n.language, 'dateTime');

  const rows: Row[] = state.items.map((item) => {
    if (kind === 'queue') {
      const entry = item as QueueEntry;
      const detail = entry.offer_expires_at
        ? t('catalogue.people.offer', { position: entry.position, time: time(entry.offer_expires_at) })
        : t('catalogue.people.position', { position: entry.position });
      return { user: entry.user, detail, key: entry.id };
    }
    if (kind === 'owners') {
      const owner = item as CollectionOwner;
      return { user: owner, detail: owner.holding ? t('catalogue.people.holding') : t('catalogue.people.lastBorrowed', { date: date(owner.last_borrowed_at) }), key: owner.id };
    }
    const borrower = item as Borrower;
    return { user: borrower, detail: t('catalogue.people.copies', { count: borrower.copy }), key: borrower.id };
  });

  if (state.error && !state.loaded) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {t('catalogue.people.error')}
      </div>
    );
  }
  return (
    <div aria-busy={state.loading}>
      {state.loaded && rows.length === 0 ? <p className="text-base-content/70 py-6 text-center">{t(`catalogue.people.${kind}Empty`)}</p> : null}
      <ul className="divide-base-300 divide-y">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center gap-3 py-2.5">
            <Avatar name={row.user.name} id={row.user.id} src={row.user.avatar_url} className="size-10 text-sm" />
            <div className="min-w-0 flex-1">
              <a href={builtHref(`/profil/user/${row.user.id}`)} className="link link-hover block truncate font-semibold">
                {row.user.name}
                {row.user.id === viewerId ? <span className="text-base-content/70 font-normal"> ({t('catalogue.people.you')})</span> : null}
              </a>
              <p className="text-base-content/70 text-xs">{row.detail}</p>
            </div>
            <FollowButton user={row.user} viewerId={viewerId} list={list} />
          </li>
        ))}
      </ul>
      {state.loading ? (
        <div className="flex justify-center py-4">
          <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />
        </div>
      ) : null}
      {hasMore(state) && !state.loading ? (
        <div className="mt-3 flex items-center justify-between gap-3">
          <span className="text-base-content/70 text-xs">{t('catalogue.people.shown', { shown: state.items.length, total: state.total })}</span>
          <button type="button" className="btn btn-sm btn-outline btn-primary" onClick={() => list.more().catch((error) => notifyCatalogueError(t, error))}>
            {t('catalogue.people.more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
