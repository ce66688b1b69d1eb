import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $busy, $confirm, cancelConfirm, confirmAction } from '../../lib/shelf/store.ts';
import { formatDueDate, renewedDueAt } from '../../lib/shelf/rules.ts';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';

/** Asks before returning or renewing a loan (naming the new due date), leaving a queue or removing a history item. */
export function ConfirmDialog() {
  const { t, i18n } = useTranslation();
  const confirm = useStore($confirm);
  const busy = useStore($busy) !== null;
  const kind = confirm?.kind ?? 'remove';
  const title = { return: t('shelf.borrow.returnTitle'), renew: t('shelf.borrow.renewTitle'), leave: t('shelf.queue.leaveTitle'), remove: t('shelf.history.removeTitle') }[kind];
  const action = { return: t('shelf.borrow.return'), renew: t('shelf.borrow.renew'), leave: t('shelf.queue.leave'), remove: t('shelf.history.remove') }[kind];
  return (
    <ConfirmModal open={confirm !== null} title={title} confirmLabel={action} cancelLabel={t('common.cancel')} onConfirm={() => void confirmAction(t, i18n.language)} onCancel={cancelConfirm} busy={busy} widthClass="max-w-md">
      {confirm?.kind === 'return' ? <p>{t('shelf.borrow.returnText', { title: confirm.item.book_title, name: confirm.item.epustaka_name })}</p> : null}
      {confirm?.kind === 'renew' ? (
        <p>{t('shelf.borrow.renewText', { title: confirm.item.book_title, date: formatDueDate(renewedDueAt(confirm.item), i18n.language) })}</p>
      ) : null}
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
