import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $profile } from '../../lib/shell/app-store.ts';
import { loadProfile, logout, syncProfile } from '../../lib/auth/session-store.ts';
import type { HeaderProfile } from '../../lib/shell/schema.ts';
import { Avatar } from './Avatar.tsx';
import { useTranslation, withTexts } from './I18nRoot.tsx';
import { Icon } from './Icon.tsx';
import { usePopover } from './usePopover.ts';
import { useMounted } from './useMounted.ts';
import { isBuiltPage } from '../../lib/site/built-pages.ts';
import { listSavedBooks } from '../../lib/offline/save.ts';
import { ConfirmModal } from './ConfirmModal.tsx';

interface Props {
  lang: Lang;
  /** Path of the page; on / the profile is fetched again. */
  path: string;
  /** The user as the server rendered them, so name and avatar show before any script runs. */
  initial?: HeaderProfile | null;
}

const PANEL_ID = 'profile-menu-panel';
const LOGOUT_FORM_ID = 'profile-menu-logout';

/**
 * The signed-in user's avatar and name, opening links to their profile and settings and 'Keluar'.
 * The menu opens and 'Keluar' works before the island hydrates: a native popover, and a form that
 * posts to /logout; once hydrated, signing out also clears this browser's stored state itself.
 * Signing out deletes the books saved on this device for reading offline (with the rest of the
 * site's storage): when there are any, the menu says so and asks first. Without script no book
 * can have been saved, so the plain form needs no question.
 */
export const ProfileMenu = withTexts(ProfileMenuIsland, ['common', 'header']);

function ProfileMenuIsland({ path, initial = null }: Props) {
  return <ProfileMenuButton path={path} initial={initial} />;
}

function ProfileMenuButton({ path, initial }: { path: string; initial: HeaderProfile | null }) {
  const { t } = useTranslation();
  const stored = useStore($profile);
  // The cached profile exists only in the browser: hydration renders what the server did, then
  // the cache takes over when it is the same user's (it follows changes made on this page).
  const mounted = useMounted();
  const profile = mounted ? pickProfile(stored, initial) : initial;
  const [leaving, setLeaving] = useState(false);
  const { buttonProps, panelProps } = usePopover<HTMLDivElement>(PANEL_ID);

  useEffect(() => {
    // A cache of someone else (or none) is replaced; otherwise the usual refresh rules apply.
    void (initial && $profile.get()?.id !== initial.id ? loadProfile() : syncProfile(path));
  }, [path, initial]);

  const [savedCount, setSavedCount] = useState(0);
  const leave = () => {
    setSavedCount(0);
    setLeaving(true);
    void logout();
  };
  const signOut = (event: FormEvent) => {
    event.preventDefault();
    setLeaving(true);
    void listSavedBooks()
      .catch(() => [])
      .then((saved) => {
        if (saved.length === 0) return leave();
        setLeaving(false);
        setSavedCount(saved.length);
      });
  };

  return (
    <div>
      <button type="button" className="btn btn-ghost gap-2 rounded-full px-1 [anchor-name:--profile-menu] lg:pr-3" {...buttonProps}>
        {profile ? (
          <Avatar key={profile.avatar_url} name={profile.name} id={profile.id} src={profile.avatar_url} />
        ) : (
          <span className="bg-base-300 grid size-9 place-items-center rounded-full">
            <Icon name="user" className="text-base-content/70 size-5" />
          </span>
        )}
        <span className="hidden max-w-36 truncate text-sm font-medium lg:inline">{profile?.name}</span>
        <Icon name="chevronDown" className="hidden size-4 lg:block" />
        <span className="sr-only">{t('header.profileMenu')}</span>
      </button>
      <div
        {...panelProps}
        className="popover-menu border-base-300 bg-base-100 text-base-content w-64 max-w-[calc(100vw-1rem)] rounded-box border p-2 shadow-xl [position-anchor:--profile-menu]"
      >
        {profile && (
          <div className="border-base-300 mb-2 flex items-center gap-3 border-b px-2 pt-1 pb-3">
            <Avatar key={profile.avatar_url} name={profile.name} id={profile.id} src={profile.avatar_url} className="size-11 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{profile.name}</p>
              <p className="text-base-content/70 truncate text-xs">{profile.email}</p>
            </div>
          </div>
        )}
        <ul className="menu w-full p-0">
          {isBuiltPage('/profile') && (
            <li>
              <a href="/profile" aria-current={path === '/profile' ? 'page' : undefined}>
                <Icon name="user" />
                {t('header.myProfile')}
              </a>
            </li>
          )}
          <li>
            <a href="/setting" aria-current={path === '/setting' ? 'page' : undefined}>
              <Icon name="settings" />
              {t('header.settings')}
            </a>
          </li>
          <li>
            <button type="submit" form={LOGOUT_FORM_ID} className="text-error" disabled={leaving}>
              {leaving ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Icon name="logout" />}
              {t('header.logout')}
            </button>
          </li>
        </ul>
        <form id={LOGOUT_FORM_ID} method="post" action="/logout" onSubmit={signOut} hidden />
      </div>
      <ConfirmModal
        open={savedCount > 0}
        title={t('header.logoutTitle')}
        confirmLabel={t('header.logoutConfirm')}
        cancelLabel={t('header.logoutCancel')}
        onConfirm={leave}
        onCancel={() => setSavedCount(0)}
      >
        <p data-logout-offline>{t('header.logoutOffline', { count: savedCount })}</p>
      </ConfirmModal>
    </div>
  );
}

/** The browser's cached profile when it is the user the server rendered (or there is none), else the server's. */
function pickProfile(stored: HeaderProfile | null, initial: HeaderProfile | null): HeaderProfile | null {
  if (!initial) return stored;
  return stored && stored.id === initial.id ? stored : initial;
}
