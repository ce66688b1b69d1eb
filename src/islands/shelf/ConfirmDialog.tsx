import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $busy, $confirm, cancelConfirm, confirmAction } from '../../lib/stores/shelf.ts';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';

/** Asks before returning a book, leaving a queue or removing a history item. */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const confirm = useStore($confirm);
  const busy = useStore($busy) !== null;
  const title =
    confirm?.kind === 'return' ? t('shelf.borrow.returnTitle') : confirm?.kind === 'leave' ? t('shelf.queue.leaveTitle') : t('shelf.history.removeTitle');
  const action =
    confirm?.kind === 'return' ? t('shelf.borrow.return') : confirm?.kind === 'leave' ? t('shelf.queue.leave') : t('shelf.history.remove');
  return (
    <ConfirmModal open={confirm !== null} title={title} confirmLabel={action} cancelLabel={t('common.cancel')} onConfirm={() => void confirmAction(t)} onCancel={cancelConfirm} busy={busy} widthClass="max-w-md">
      {confirm?.kind === 'return' ? <p>{t('shelf.borrow.returnText', { title: confirm.item.book_title, name: confirm.item.epustaka_name })}</p> : null}
      {confirm?.kind === 'leave' ? (
        <p>
          {t('shelf.queue.leaveText', { title: confirm.item.book_title })}
          {confirm.item.offer_expires_at ? ` ${t('shelf.queue.leaveHeldText')}` : ''}
        </p>
      ) : null}
      {confirm?.kind === 'remove' ? <p>{t('shelf.history.removeText', { title: confirm.item.book_title })}</p> : null}
    </ConfirmModal>
  );
}
