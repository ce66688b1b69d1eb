import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { $followBusy, $followConfirm, cancelFollow, confirmFollow } from '../../lib/social/store.ts';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';

/** Asks before following or unfollowing someone; nothing changes until it is confirmed. */
export function FollowConfirmDialog() {
  const { t } = useTranslation();
  const pending = useStore($followConfirm);
  const busy = useStore($followBusy);
  const following = pending?.user.followed ?? false;
  return (
    <ConfirmModal
      open={pending !== null}
      title={t(following ? 'catalogue.follow.unfollowTitle' : 'catalogue.follow.followTitle')}
      confirmLabel={t(following ? 'catalogue.follow.unfollow' : 'catalogue.follow.follow')}
      cancelLabel={t('common.cancel')}
      onConfirm={() => void confirmFollow(t)}
      onCancel={cancelFollow}
      busy={busy}
      tone={following ? 'danger' : 'primary'}
    >
      <p>{t(following ? 'catalogue.follow.unfollowQuestion' : 'catalogue.follow.followQuestion', { name: pending?.user.name ?? '' })}</p>
    </ConfirmModal>
  );
}
