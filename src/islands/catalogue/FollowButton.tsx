import { useTranslation } from '../shell/I18nRoot.tsx';
import type { UserBrief } from '../../lib/contract/users.ts';
import { askFollow, type Reloadable } from '../../lib/social/store.ts';

/** Follow or unfollow a user of a list, after a confirmation; none on one's own row. */
export function FollowButton({ user, viewerId, list }: { user: UserBrief; viewerId: string; list: Reloadable | null }) {
  const { t } = useTranslation();
  if (user.id === viewerId) return null;
  return (
    <button
      type="button"
      className={`btn btn-xs ${user.followed ? 'btn-ghost border-base-300' : 'btn-primary btn-outline'}`}
      aria-haspopup="dialog"
      aria-label={t(user.followed ? 'catalogue.follow.unfollowName' : 'catalogue.follow.followName', { name: user.name })}
      onClick={() => askFollow(user, list)}
    >
      {t(user.followed ? 'catalogue.follow.following' : 'catalogue.follow.follow')}
    </button>
  );
}
