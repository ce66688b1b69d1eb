import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../lib/i18n/index.ts';
import { $profile } from '../../lib/stores/app.ts';
import { I18nRoot } from './I18nRoot.tsx';
import { useMounted } from './useMounted.ts';

/** The home page heading: 'Halo, {name}!' once the profile is known in this browser, 'Beranda' until then. */
export function HomeGreeting({ lang }: { lang: Lang }) {
  return (
    <I18nRoot lang={lang}>
      <Greeting />
    </I18nRoot>
  );
}

function Greeting() {
  const { t } = useTranslation();
  const profile = useStore($profile);
  const name = useMounted() ? profile?.name?.trim() : undefined;
  return (
    <h1 className="text-2xl leading-tight font-bold text-balance xs:text-3xl md:text-4xl">
      {name ? t('home.greeting', { name }) : t('home.title')}
    </h1>
  );
}
