import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { Greeting } from '../../lib/home/schema.ts';
import { GREETING_SHOWN_KEY } from '../../lib/home/rules.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Icon } from '../shell/Icon.tsx';

/**
 * The welcome greeting dialog, once per browser session on the home page. It is a
 * non-modal dialog placed in the page above the content, so it never blocks the page or takes the
 * focus; closing it (or the next page) leaves it closed until the next session.
 */
export const WelcomeGreeting = withTexts(WelcomeGreetingIsland, ['common', 'reach']);

function WelcomeGreetingIsland({ greeting }: { lang: Lang; greeting: Greeting }) {
  return <Dialog greeting={greeting} />;
}

function Dialog({ greeting }: { greeting: Greeting }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(GREETING_SHOWN_KEY)) return;
      sessionStorage.setItem(GREETING_SHOWN_KEY, '1');
    } catch {
      // Without session storage the greeting would show on every visit; leave it out instead.
      return;
    }
    setOpen(true);
  }, []);
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="false" aria-labelledby={titleId} className="bg-base-100 border-primary/30 mb-5 flex items-start gap-3 rounded-box border p-4 shadow-sm" data-welcome-greeting>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-lg font-bold">
          {greeting.greeting_title}
        </h2>
        <p className="mt-1 whitespace-pre-line">{greeting.greeting_message}</p>
        <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => setOpen(false)}>
          {t('reach.greeting.start')}
        </button>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('common.close')} onClick={() => setOpen(false)}>
        <Icon name="close" />
      </button>
    </div>
  );
}
