import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $profile } from '../../lib/shell/app-store.ts';
import { useTranslation, withTexts } from './I18nRoot.tsx';
import { useMounted } from './useMounted.ts';

/**
 * The home page heading: 'Halo, {name}!' with the name the server rendered, or the one known in
 * this browser; 'Beranda' when neither is known.
 */
export const HomeGreeting = withTexts(HomeGreetingIsland, ['home']);

function HomeGreetingIsland({ initialName = null }: { lang: Lang; initialName?: string | null }) {
  return <Greeting initialName={initialName} />;
}

function Greeting({ initialName }: { initialName: string | null }) {
  const { t } = useTranslation();
  const profile = useStore($profile);
  const cached = useMounted() ? profile?.name?.trim() : undefined;
  const name = initialName?.trim() || cached || undefined;
  return (
    <h1 className="text-2xl leading-tight font-bold text-balance xs:text-3xl md:text-4xl">
      {name ? t('home.greeting', { name }) : t('home.title')}
    </h1>
  );
}
