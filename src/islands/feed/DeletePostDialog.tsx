import { useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { api } from '../../lib/api/browser.ts';
import { deletePost } from '../../lib/api/feed.ts';
import type { FeedItem } from '../../lib/api/schemas/feed.ts';
import { notify, notifyError } from '../../lib/stores/shell.ts';
import { Modal } from '../shell/Modal.tsx';

/** Asks yes or no before one's own post goes, with its likes and comments. */
export function DeletePostDialog({ item, onClose, onDeleted }: { item: FeedItem | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await deletePost(api, item.id);
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
    <Modal
      open={item !== null}
      onClose={onClose}
      title={t('feed.deletePost')}
      widthClass="max-w-sm"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('feed.no')}
          </button>
          <button type="button" className="btn btn-error" disabled={busy} onClick={() => void confirm()}>
            {t('feed.yes')}
          </button>
        </>
      }
    >
      <p>{t('feed.deleteAsk')}</p>
    </Modal>
  );
}
