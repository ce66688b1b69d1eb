import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Lang } from '../../lib/i18n/index.ts';

interface Props {
  lang: Lang;
  children: ReactNode;
}

/** Gives the island below it its own i18next instance in `lang`, for `useTranslation()`. */
export function I18nRoot({ lang, children }: Props) {
  const [i18n] = useState(() => createI18n(lang));
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
