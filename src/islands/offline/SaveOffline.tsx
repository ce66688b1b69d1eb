import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatBytes } from '../../lib/contract/format.ts';
import { canSaveOffline } from '../../lib/offline/save.ts';
import { $savedBooks, $saving, cancelSave, offlineSize, refreshSavedBooks, removeFromDevice, saveForOffline } from '../../lib/offline/store.ts';
import { notify, notifyError } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { useMounted } from '../shell/useMounted.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

interface Props {
  bookId: string;
  /** Smaller buttons, for shelf rows. */
  small?: boolean;
}

/** The book page's "save for offline" control, as an island of its own. */
export const SaveOffline = withTexts(SaveOfflineControl);

/**
 * "Save for offline" for an open book the reader may read (the caller decides that): the size
 * before saving, a progress bar with Cancel while saving, then "saved" with Remove. Nothing shows
 * where the browser cannot keep books.
 */
export function SaveOfflineControl({ bookId, small = false }: Props) {
  const { t, i18n } = useTranslation();
  const mounted = useMounted();
  const saved = useStore($savedBooks);
  const saving = useStore($saving)[bookId];
  const [size, setSize] = useState<number | null>(null);
  const supported = mounted && canSaveOffline();
  const entry = saved?.find((book) => book.bookId === bookId) ?? null;

  useEffect(() => {
    if (!supported) return;
    if ($savedBooks.get() === null) void refreshSavedBooks().catch(() => {});
  }, [supported]);
  useEffect(() => {
    if (!supported || entry || saved === null) return;
    let live = true;
    offlineSize(bookId).then(
      (bytes) => live && setSize(bytes),
      () => live && setSize(null),
    );
    return () => {
      live = false;
    };
  }, [supported, bookId, entry, saved]);

  if (!supported || saved === null) return null;
  const button = `btn ${small ? 'btn-sm' : ''}`;
  const language = i18n.language;

  async function save() {
    try {
      if (await saveForOffline(bookId)) notify('success', t('offline.savedToast'));
    } catch (error) {
      console.warn('The book could not be saved for offline reading', error);
      if ((error as { code?: string }).code) notifyError(t, error);
      else notify('error', t('offline.saveFailed'));
    }
  }

  if (saving) {
    const percent = saving.total > 0 ? Math.min(100, Math.round((saving.done / saving.total) * 100)) : 0;
    return (
      <div className="flex w-full max-w-sm min-w-48 flex-wrap items-center gap-2 self-start" data-offline-state="saving">
        <div className="flex min-w-32 flex-1 flex-col gap-1">
          <progress className="progress progress-primary h-2 w-full" value={percent} max={100} aria-label={t('offline.savingLabel')} />
          <span className="text-base-content/70 text-xs tabular-nums" aria-live="polite">
            {t('offline.saving', { percent })}
          </span>
        </div>
        <button type="button" className={`${button} btn-ghost`} onClick={() => cancelSave(bookId)}>
          {t('offline.cancel')}
        </button>
      </div>
    );
  }

  if (entry) {
    const badge = (
      <span className="badge badge-success badge-soft gap-1" title={t('offline.onDevice', { size: formatBytes(entry.bytes, language) })}>
        <CatalogueIcon name="check" className="size-3.5" />
        {t('offline.saved')}
      </span>
    );
    // A shelf row shows the badge only: the saved-books list below removes.
    if (small) {
      return (
        <span className="flex items-center" data-offline-state="saved">
          {badge}
        </span>
      );
    }
    return (
      <div className="flex flex-wrap items-center gap-2 self-start" data-offline-state="saved">
        {badge}
        <span className="text-base-content/70 text-xs">{t('offline.onDevice', { size: formatBytes(entry.bytes, language) })}</span>
        <button
          type="button"
          className={`${button} btn-ghost`}
          onClick={() => void removeFromDevice(bookId).then(() => notify('info', t('offline.removed')), (error) => notifyError(t, error))}
        >
          <CatalogueIcon name="trash" className="size-4" />
          {t('offline.remove')}
        </button>
      </div>
    );
  }

  return (
    <button type="button" className={`${button} btn-outline border-base-300 self-start`} onClick={() => void save()} data-offline-state="ready">
      <CatalogueIcon name="borrow" className="size-4" />
      {size === null ? t('offline.save') : t('offline.saveWithSize', { size: formatBytes(size, language) })}
    </button>
  );
}
