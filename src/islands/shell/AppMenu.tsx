import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $menuEntries, $menuFailed, $menuLoading, loadMenu, syncMenu } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from './I18nRoot.tsx';
import { Icon } from './Icon.tsx';
import { MenuLoader } from './MenuLoader.tsx';
import { usePopover } from './usePopover.ts';

interface Props {
  lang: Lang;
  /** Path of the page; on / the menu is fetched again. */
  path: string;
}

const PANEL_ID = 'app-menu-panel';

/** The app menu button of the header: a grid of the entries the server lists for this user. */
export const AppMenu = withTexts(AppMenuIsland, ['apiErrors', 'common', 'errors', 'header', 'menu']);

function AppMenuIsland({ path }: Props) {
  return <AppMenuButton path={path} />;
}

function AppMenuButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const entries = useStore($menuEntries);
  const loading = useStore($menuLoading);
  const { open, close, buttonProps, panelProps } = usePopover<HTMLElement>(PANEL_ID);

  useEffect(() => {
    void syncMenu(path);
  }, [path]);

  return (
    <div>
      {loading && entries.length === 0 && <MenuLoader />}
      <button type="button" className="btn btn-ghost btn-circle [anchor-name:--app-menu]" {...buttonProps}>
        <Icon name="apps" className="size-6" />
        <span className="sr-only">{t('header.appMenu')}</span>
      </button>
      <nav
        {...panelProps}
        aria-label={t('header.appMenu')}
        className="popover-menu popover-menu-wide border-base-300 bg-base-100 text-base-content max-h-[75dvh] overflow-y-auto rounded-box border p-3 shadow-xl [position-anchor:--app-menu] ms:w-80"
      >
        {/* Filled only while open: the cached menu exists in the browser alone, and hydration must match the server. */}
        {open && <MenuGrid path={path} onNavigate={() => close()} />}
      </nav>
    </div>
  );
}

function MenuGrid({ path, onNavigate }: { path: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const entries = useStore($menuEntries);
  const loading = useStore($menuLoading);
  const failed = useStore($menuFailed);

  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-4 text-center text-sm" role="status">
        {loading ? (
          <>
            <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
            <span className="sr-only">{t('menu.loading')}</span>
          </>
        ) : (
          <>
            <p>{failed ? t('menu.loadFailed') : t('menu.empty')}</p>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void loadMenu()}>
              {t('common.retry')}
            </button>
          </>
        )}
      </div>
    );
  }

  return (
    <ul className="grid grid-cols-3 gap-1">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={entry.url}
            aria-current={entry.url === path ? 'page' : undefined}
            onClick={onNavigate}
            className="hover:bg-base-200 focus-visible:bg-base-200 aria-[current=page]:bg-primary/10 flex h-full flex-col items-center gap-1.5 rounded-field px-1 py-3 text-center text-xs font-medium"
          >
            <span className="bg-primary/10 text-primary grid size-10 place-items-center rounded-full">
              <Icon name={entry.icon} className="size-5" />
            </span>
            {t(`menu.${entry.id}`, { defaultValue: entry.name })}
          </a>
        </li>
      ))}
    </ul>
  );
}
