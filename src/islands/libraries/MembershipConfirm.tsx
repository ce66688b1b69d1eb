import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $membershipBusy, $membershipConfirm, cancelMembershipConfirm, confirmMembershipAction } from '../../lib/libraries/store.ts';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';

/** Asks before removing a member or declining a join request. */
export function MembershipConfirm() {
  const { t } = useTranslation();
  const confirm = useStore($membershipConfirm);
  const busy = useStore($membershipBusy) !== null;
  const remove = confirm?.kind === 'remove';
  return (
    <ConfirmModal
      open={confirm !== null}
      title={t(remove ? 'libraries.admin.removeTitle' : 'libraries.admin.declineTitle')}
      confirmLabel={t(remove ? 'libraries.admin.remove' : 'libraries.admin.decline')}
      cancelLabel={t('common.cancel')}
      onConfirm={() => void confirmMembershipAction(t)}
      onCancel={cancelMembershipConfirm}
      busy={busy}
      widthClass="max-w-md"
    >
      {confirm ? <p>{t(remove ? 'libraries.admin.removeText' : 'libraries.admin.declineText', { name: confirm.member.name })}</p> : null}
    </ConfirmModal>
  );
}
