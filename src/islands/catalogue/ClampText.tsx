import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A comment cut to two lines, with a button to show it whole when it is longer. */
export function ClampText({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, expanded]);

  return (
    <div>
      <p ref={ref} className={`text-sm leading-relaxed break-words whitespace-pre-line ${expanded ? '' : 'line-clamp-2'}`}>
        {text}
      </p>
      {overflows || expanded ? (
        <button type="button" className="link link-primary text-xs font-semibold no-underline" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('catalogue.review.collapse') : t('catalogue.review.expand')}
        </button>
      ) : null}
    </div>
  );
}
