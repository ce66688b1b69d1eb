import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, normalizeLang, type Lang } from '../../src/lib/contract/lang.ts';
import { notificationTextParams } from '../../src/lib/notifications/rules.ts';
import type { PushPayload } from '../../src/lib/push/rules.ts';
import { shorten } from '../../src/lib/contract/shorten.ts';
import enNotifications from '../../src/lib/i18n/locales/en/notifications.json' with { type: 'json' };
import enPush from '../../src/lib/i18n/locales/en/push.json' with { type: 'json' };
import idNotifications from '../../src/lib/i18n/locales/id/notifications.json' with { type: 'json' };
import idPush from '../../src/lib/i18n/locales/id/push.json' with { type: 'json' };

/*
 * The push texts, made on the server in the subscriber's language from the app's own texts
 * (`notifications.events.*` and `push.*`): these two locale files of each language are part of
 * the contract the API shares with the web app.
 */

const TEXTS: Record<Lang, Record<string, unknown>> = {
  id: { ...idNotifications, ...idPush },
  en: { ...enNotifications, ...enPush },
};

function readTexts(lang: Lang): Record<string, unknown> {
  return TEXTS[lang];
}

let translators: Map<Lang, TFunction> | null = null;

function translator(lang: Lang): TFunction {
  translators ??= new Map(
    LANGUAGES.map((each) => {
      const instance = i18next.createInstance();
      void instance.init({
        lng: each,
        fallbackLng: 'en',
        resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: readTexts(l) }])),
        initAsync: false,
        interpolation: { escapeValue: false },
      });
      return [each, instance.t];
    }),
  );
  return translators.get(lang)!;
}

/*
 * A push carries at most 4 KB (RFC 8291 and the push services' limit): the title and the text are
 * shortened, between graphemes, to lengths whose UTF-8 form (at most 3 bytes per UTF-16 unit) stays
 * well within it with the link and the encryption's own bytes.
 */
const TITLE_MAX = 80;
const TITLE_MAX_UNITS = 160;
const BODY_MAX = 240;
const BODY_MAX_UNITS = 800;

/** The push of a notification: its title, its text and its link, in `lang`. Nothing else. */
export function pushPayload(notification: { event: string; params: Record<string, string | number>; link: string }, lang: string): PushPayload {
  const language = normalizeLang(lang);
  const t = translator(language);
  const title = t(`push.titles.${notification.event}`, { defaultValue: t('push.fallbackTitle') });
  const body = t(`notifications.events.${notification.event}`, { ...notificationTextParams(notification.params, language), defaultValue: '' });
  return {
    title: shorten(title, TITLE_MAX, { maxLength: TITLE_MAX_UNITS }),
    body: shorten(body, BODY_MAX, { maxLength: BODY_MAX_UNITS }),
    link: notification.link,
  };
}
