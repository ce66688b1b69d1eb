import { createContext, useContext, useState, type ComponentType, type ReactNode } from 'react';
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

/** An island as pages hydrate it: its props with the interface language, and the namespaces of texts it uses. */
export type IslandWithTexts<P> = ComponentType<P & { lang: Lang }> & { texts?: readonly string[] };

/**
 * Makes `Island` an island with its texts: it renders inside an `I18nRoot` in the `lang` it is given
 * (and still receives `lang`), and declares the namespaces its code uses as `texts`, so a page sends
 * it those texts (island-texts.server.ts; `namespaces.test.ts` checks the list). An island rendered
 * on the server only, never hydrated, needs no list.
 */
export function withTexts<P extends object>(Island: ComponentType<P>, texts?: readonly string[]): IslandWithTexts<P> {
  const WithTexts: IslandWithTexts<P> = (props: P & { lang: Lang }) => (
    <I18nRoot lang={props.lang}>
      <Island {...props} />
    </I18nRoot>
  );
  if (texts) WithTexts.texts = texts;
  return WithTexts;
}
