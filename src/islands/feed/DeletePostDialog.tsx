import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { removePost } from '../../lib/feed/store.ts';
import type { FeedItem } from '../../lib/feed/schema.ts';
import { notify, notifyError } from '../../lib/shell/store.ts';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';

/** Asks yes or no before one's own post goes, with its likes and comments. */
export function DeletePostDialog({ item, onClose, onDeleted }: { item: FeedItem | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await removePost(item.id);
      onClose();
      notify('success', t('feed.deleted'));
      onDeleted();
    } catch (error) {
      notifyError(t, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmModal open={item !== null} title={t('feed.deletePost')} confirmLabel={t('feed.yes')} cancelLabel={t('feed.no')} onConfirm={() => void confirm()} onCancel={onClose} busy={busy}>
      <p>{t('feed.deleteAsk')}</p>
    </ConfirmModal>
  );
}
