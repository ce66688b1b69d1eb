import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { hasMore } from '../../lib/paging/list-store.ts';
import { notifyCatalogueError } from '../../lib/catalogue/store.ts';
import { askFollow } from '../../lib/social/store.ts';
import { $shownProfile, dialogReloadable, followerDialog, followingDialog, profileReload, showProfile, type ProfileState } from '../../lib/people/store.ts';
import { FollowButton } from '../catalogue/FollowButton.tsx';
import { FollowConfirmDialog } from '../catalogue/FollowConfirmDialog.tsx';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { PersonList } from './PersonList.tsx';

interface Props {
  lang: Lang;
  profile: ProfileState;
  viewerId: string;
  /** Where the counts lead without JavaScript (the friendship screen). */
  followersHref: string;
  followingHref: string;
}

/**
 * The counts and the follow button of a profile: each count opens its list
 * in a dialog, 10 at a time; follow and cancel-follow ask first, then the counts refresh. No
 * follow button on one's own profile.
 */
export const ProfileHeader = withTexts(Header, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'people']);

type Which = 'followers' | 'following';

function Header({ profile: initial, viewerId, followersHref, followingHref }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  // The store is filled in the browser only: on the server it would outlive the request.
  useEffect(() => showProfile(initial), [initial]);
  const stored = useStore($shownProfile);
  const profile = stored && stored.id === initial.id ? stored : initial;
  const [open, setOpen] = useState<Which | null>(null);

  const openList = (which: Which) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(which);
    const list = which === 'followers' ? followerDialog : followingDialog;
    list.load({ user_id: profile.id }).catch((error) => notifyCatalogueError(t, error));
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex gap-4 text-sm">
        <a href={followersHref} className="link link-hover font-semibold" onClick={openList('followers')} aria-haspopup="dialog" data-count="followers">
          {t('people.profile.followers', { count: profile.follower_count })}
        </a>
        <a href={followingHref} className="link link-hover font-semibold" onClick={openList('following')} aria-haspopup="dialog" data-count="following">
          {t('people.profile.following', { count: profile.following_count })}
        </a>
      </div>
      {profile.is_self ? null : (
        <button
          type="button"
          className={`btn btn-sm ${profile.followed ? 'btn-outline' : 'btn-primary'}`}
          aria-haspopup="dialog"
          aria-label={t(profile.followed ? 'people.profile.cancelFollowName' : 'people.profile.followName', { name: profile.name })}
          onClick={() => askFollow(profile, profileReload)}
          data-follow
        >
          {t(profile.followed ? 'people.profile.cancelFollow' : 'people.profile.follow')}
        </button>
      )}
      <Modal open={open !== null} onClose={() => setOpen(null)} title={t(open === 'following' ? 'people.profile.followingTitle' : 'people.profile.followersTitle')} widthClass="max-w-md">
        {open ? <FollowList which={open} viewerId={viewerId} /> : null}
      </Modal>
      <FollowConfirmDialog />
    </div>
  );
}

function FollowList({ which, viewerId }: { which: Which; viewerId: string }) {
  const { t } = useTranslation();
  const list = which === 'followers' ? followerDialog : followingDialog;
  const state = useStore(list.$state);
  const reloadable = useMemo(() => dialogReloadable(list), [list]);
  if (state.error && !state.loaded) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {t('people.loadError')}
      </div>
    );
  }
  return (
    <div aria-busy={state.loading}>
      {state.loaded && state.items.length === 0 ? (
        <p className="text-base-content/70 py-6 text-center">{t(which === 'followers' ? 'people.profile.followersEmpty' : 'people.profile.followingEmpty')}</p>
      ) : (
        <PersonList
          rows={state.items}
          viewerId={viewerId}
          label={t(which === 'followers' ? 'people.profile.followersTitle' : 'people.profile.followingTitle')}
          youLabel={t('people.you')}
          action={(row) => <FollowButton user={row} viewerId={viewerId} list={reloadable} />}
        />
      )}
      {state.loading ? (
        <div className="flex justify-center py-4">
          <span className="loading loading-spinner text-primary" aria-label={t('common.loading')} />
        </div>
      ) : null}
      {hasMore(state) && !state.loading ? (
        <div className="mt-3 flex items-center justify-between gap-3">
          <span className="text-base-content/70 text-xs">{t('people.shown', { shown: state.items.length, total: state.total })}</span>
          <button type="button" className="btn btn-sm btn-outline btn-primary" onClick={() => list.more().catch((error) => notifyCatalogueError(t, error))}>
            {t('people.more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
