import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { AccountProfile } from '../../lib/account/schema.ts';
import type { Lang } from '../../lib/i18n/index.ts';
import { $accountProfile } from '../../lib/account/store.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { AvatarModal } from './AvatarModal.tsx';
import { IdentityTab } from './IdentityTab.tsx';
import { PasswordModal } from './PasswordModal.tsx';
import { ProfileForm } from './ProfileForm.tsx';

export type SettingsTab = 'identity' | 'edit';

interface Props {
  lang: Lang;
  profile: AccountProfile;
  /** The tab the address asks for (`/setting?tab=edit`). */
  tab: SettingsTab;
}

/** Profile settings: identity and change-profile tabs, avatar and password modals. */
export const SettingsPage = withTexts(SettingsPageIsland, ['access', 'account', 'apiErrors', 'common', 'errors']);

function SettingsPageIsland({ profile, tab }: Props) {
  return <Settings initial={profile} initialTab={tab} />;
}

function Settings({ initial, initialTab }: { initial: AccountProfile; initialTab: SettingsTab }) {
  const { t } = useTranslation();
  const stored = useStore($accountProfile);
  const profile = stored ?? initial;
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const [modal, setModal] = useState<'avatar' | 'password' | null>(null);

  useEffect(() => {
    $accountProfile.set(initial);
  }, [initial]);

  const tabs: SettingsTab[] = ['identity', 'edit'];
  // Tabs are links, so a click before the island runs still opens the tab (the server renders
  // it); once running, the switch happens in place and the address follows.
  const choose = (name: SettingsTab) => {
    setTab(name);
    window.history.replaceState(window.history.state, '', tabHref(name));
  };
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-6 p-5 sm:p-8">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <Avatar key={profile.avatar_url} name={profile.name} id={profile.id} src={profile.avatar_url} className="size-24 text-3xl" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-xl font-bold" data-testid="settings-name">
              {profile.name}
            </p>
            <p className="text-base-content/70 truncate text-sm">{profile.email}</p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setModal('avatar')}>
              {t('account.settings.changeAvatar')}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setModal('password')}>
              {t('account.settings.changePassword')}
            </button>
          </div>
        </div>

        <div role="tablist" aria-label={t('account.settings.title')} className="tabs tabs-border">
          {tabs.map((name) => (
            <a
              key={name}
              href={tabHref(name)}
              role="tab"
              id={`settings-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`settings-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={`tab ${tab === name ? 'tab-active' : ''}`}
              onClick={(e) => {
                e.preventDefault();
                choose(name);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = tabs[(tabs.indexOf(name) + 1) % tabs.length]!;
                  choose(next);
                  document.getElementById(`settings-tab-${next}`)?.focus();
                }
              }}
            >
              {t(`account.settings.tabs.${name}`)}
            </a>
          ))}
        </div>
        <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
          {tab === 'identity' ? <IdentityTab profile={profile} /> : <ProfileForm profile={profile} />}
        </div>
      </div>
      <AvatarModal open={modal === 'avatar'} onClose={() => setModal(null)} bucket={profile.organizations.id} />
      <PasswordModal open={modal === 'password'} onClose={() => setModal(null)} hasPassword={profile.has_password} />
    </div>
  );
}

function tabHref(tab: SettingsTab): string {
  return tab === 'identity' ? '/setting' : `/setting?tab=${tab}`;
}
