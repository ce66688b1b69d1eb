import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** Copies the item's address (origin/{type}/{id}/{epustaka}). */
export function ShareButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()} aria-live="polite">
      {copied ? t('media.player.copied') : t('media.player.share')}
    </button>
  );
}
