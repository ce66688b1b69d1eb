import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $contentBlurred, $contentHidden } from '../../lib/reader/guard-store.ts';

/**
 * The reading area under the reader's protections against copying: hidden for a moment after a screenshot
 * key, blurred 5 px while the window is not in use. Screen readers still reach the text.
 */
export function ReaderFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const hidden = useStore($contentHidden);
  const blurred = useStore($contentBlurred);
  return (
    <div className="relative flex min-h-0 flex-1">
      <div className="flex min-h-0 flex-1" style={{ filter: blurred ? 'blur(5px)' : undefined, visibility: hidden ? 'hidden' : undefined }} data-blurred={blurred || undefined} data-hidden={hidden || undefined}>
        {children}
      </div>
      {hidden && (
        <p className="bg-base-100 absolute inset-0 flex items-center justify-center text-sm" role="status">
          {t('reader.hidden')}
        </p>
      )}
    </div>
  );
}
