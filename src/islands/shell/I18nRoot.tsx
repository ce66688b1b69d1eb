import { createContext, useContext, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../lib/contract/lang.ts';
import { createTranslate, textsOf } from '../../lib/i18n/translate.ts';

interface Props {
  lang: Lang;
  children: ReactNode;
}

interface Translation {
  t: TFunction;
  i18n: { language: Lang };
}

const Context = createContext<Translation | null>(null);

/** Gives the island below it its texts in `lang`, for `useTranslation()`. */
export function I18nRoot({ lang, children }: Props) {
  const [value] = useState<Translation>(() => ({ t: createTranslate(lang, textsOf(lang)), i18n: { language: lang } }));
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The translate function and language of the island this component is in (see I18nRoot). */
export function useTranslation(): Translation {
  const value = useContext(Context);
  if (!value) throw new Error('useTranslation() needs an I18nRoot above it');
  return value;
}
