import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $membershipBusy, $membershipConfirm, cancelMembershipConfirm, confirmMembershipAction } from '../../lib/stores/libraries.ts';
import { Modal } from '../shell/Modal.tsx';

/** Asks before removing a member or declining a join request. */
export function MembershipConfirm() {
  const { t } = useTranslation();
  const confirm = useStore($membershipConfirm);
  const busy = useStore($membershipBusy) !== null;
  const remove = confirm?.kind === 'remove';
  return (
    <Modal
      open={confirm !== null}
      onClose={cancelMembershipConfirm}
      title={t(remove ? 'libraries.admin.removeTitle' : 'libraries.admin.declineTitle')}
      widthClass="max-w-md"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={cancelMembershipConfirm} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-error" onClick={() => void confirmMembershipAction(t)} disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t(remove ? 'libraries.admin.remove' : 'libraries.admin.decline')}
          </button>
        </>
      }
    >
      {confirm ? <p>{t(remove ? 'libraries.admin.removeText' : 'libraries.admin.declineText', { name: confirm.member.name })}</p> : null}
    </Modal>
  );
}
