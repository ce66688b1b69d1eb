import type { AstroGlobal } from 'astro';
import { pageLangParam } from '../seo/book-page.ts';
import { createT } from '../i18n/texts.server.ts';

/**
 * A public page may be asked for in a language with `?lang=id|en` (its hreflang alternates);
 * signed-in users keep their own setting. The parameter is dropped from `Astro.url` afterwards, so
 * the language switch returns to the address without it.
 */
export function applyPageLang(Astro: AstroGlobal, signedIn: boolean): void {
  if (signedIn) return;
  const forced = pageLangParam(Astro.url.searchParams);
  if (!forced) return;
  Astro.locals.lang = forced;
  Astro.locals.t = createT(forced);
  Astro.url.searchParams.delete('lang');
}
