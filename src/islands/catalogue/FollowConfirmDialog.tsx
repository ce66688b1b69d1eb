import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $followBusy, $followConfirm, cancelFollow, confirmFollow } from '../../lib/stores/social.ts';
import { Modal } from '../shell/Modal.tsx';

/** The follow/unfollow confirmation of spec 03 §2.20, §4.6. */
export function FollowConfirmDialog() {
  const { t } = useTranslation();
  const pending = useStore($followConfirm);
  const busy = useStore($followBusy);
  const following = pending?.user.followed ?? false;
  return (
    <Modal open={pending !== null} onClose={cancelFollow} title={t(following ? 'catalogue.follow.unfollowTitle' : 'catalogue.follow.followTitle')} widthClass="max-w-sm">
      <p>{t(following ? 'catalogue.follow.unfollowQuestion' : 'catalogue.follow.followQuestion', { name: pending?.user.name ?? '' })}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={cancelFollow}>
          {t('common.cancel')}
        </button>
        <button type="button" className={`btn ${following ? 'btn-error' : 'btn-primary'}`} disabled={busy} onClick={() => void confirmFollow(t)}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {t(following ? 'catalogue.follow.unfollow' : 'catalogue.follow.follow')}
        </button>
      </div>
    </Modal>
  );
}
