import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { Rating } from '../../lib/ratings/schema.ts';
import { formatRating, isEdited } from '../../lib/ratings/rules.ts';
import { isBlank } from '../../lib/contract/text.ts';
import { hasMore, notifyCatalogueError } from '../../lib/catalogue/store.ts';
import { $commentMode, $reporting, $reviewBusy, deleteComment, editComment, repliesOf, replyTo, setCommentMode } from '../../lib/ratings/reviews-store.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { ClampText } from './ClampText.tsx';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';
import { StarInput } from './StarInput.tsx';
import { Stars } from './Stars.tsx';
import { builtHref } from '../../lib/site/built-pages.ts';
import { formatDate } from '../../lib/contract/format.ts';

/**
 * A review or a reply: its author, stars, text cut to two lines, 'edited'
 * when changed; edit and delete for its author, report for others; replies under a review.
 */
export function Comment({ rating, viewerId }: { rating: Rating; viewerId: string }) {
  const { t, i18n } = useTranslation();
  const mode = useStore($commentMode);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const own = rating.sender.id === viewerId;
  const isReview = rating.parent_id === null;
  const editing = mode?.kind === 'edit' && mode.id === rating.id;
  const replying = mode?.kind === 'reply' && mode.id === rating.id;
  const when = formatDate(rating.created_at, i18n.language, 'short');

  const openReplies = () => {
    setShowReplies(true);
    repliesOf(rating.id).load({ rating_id: rating.id }).catch((error) => notifyCatalogueError(t, error));
  };
  const toggleReplies = () => (showReplies ? setShowReplies(false) : openReplies());

  return (
    <article className="flex gap-3" aria-label={t('catalogue.review.by', { name: rating.sender.name })}>
      <a href={builtHref(`/profil/user/${rating.sender.id}`)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <Avatar name={rating.sender.name} id={rating.sender.id} src={rating.sender.avatar_url} className={isReview ? 'size-10 text-sm' : 'size-8 text-xs'} />
      </a>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <a href={builtHref(`/profil/user/${rating.sender.id}`)} className="link link-hover text-sm font-semibold">
            {rating.sender.name}
          </a>
          <span className="text-base-content/70 text-xs">
            <time dateTime={rating.created_at}>{when}</time>
            {isEdited(rating) && !rating.has_deleted ? <span> · {t('catalogue.review.edited')}</span> : null}
          </span>
        </div>
        {rating.has_rate && rating.rating_level && !rating.has_deleted && !editing ? (
          <div className="mt-1 flex items-center gap-1.5">
            <Stars value={rating.rating_level} label={t('catalogue.rating.value', { value: formatRating(rating.rating_level, i18n.language) })} className="size-3.5" />
          </div>
        ) : null}

        <div className="mt-1.5">
          {rating.has_deleted ? (
            <p className="text-base-content/70 text-sm italic">{t('catalogue.review.deletedText')}</p>
          ) : rating.has_report ? (
            <p className="text-base-content/70 flex items-center gap-1.5 text-sm italic">
              <CatalogueIcon name="flag" className="size-3.5" />
              {t('catalogue.review.reportedText')}
            </p>
          ) : editing ? (
            <EditBox rating={rating} />
          ) : (
            <ClampText text={rating.rating_comment ?? ''} />
          )}
        </div>

        {!rating.has_deleted && !editing ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-1">
            {isReview ? (
              <ActionButton icon="reply" label={t('catalogue.review.reply')} onClick={() => setCommentMode(replying ? null : { kind: 'reply', id: rating.id })} pressed={replying} />
            ) : null}
            {own ? (
              <>
                <ActionButton icon="pen" label={t('catalogue.review.editAction')} onClick={() => setCommentMode({ kind: 'edit', id: rating.id })} />
                <ActionButton icon="trash" label={t('catalogue.review.deleteAction')} onClick={() => setConfirmDelete(true)} />
              </>
            ) : rating.has_report ? null : (
              <ActionButton icon="flag" label={t('catalogue.review.reportAction')} onClick={() => $reporting.set(rating)} />
            )}
          </div>
        ) : null}

        {replying ? <ReplyBox parentId={rating.id} onSent={openReplies} /> : null}

        {isReview && rating.reply_count > 0 ? (
          <button type="button" className="text-primary mt-2 inline-flex items-center gap-1 text-xs font-semibold" aria-expanded={showReplies} onClick={toggleReplies}>
            <CatalogueIcon name="chevronDown" className={`size-3.5 transition-transform ${showReplies ? 'rotate-180' : ''}`} />
            {showReplies ? t('catalogue.review.hideReplies') : t('catalogue.review.showReplies', { count: rating.reply_count })}
          </button>
        ) : null}
        {isReview && showReplies ? <Replies ratingId={rating.id} viewerId={viewerId} /> : null}
      </div>

      <ConfirmModal
        open={confirmDelete}
        title={t('catalogue.review.confirmDeleteTitle')}
        confirmLabel={t('catalogue.review.deleteAction')}
        cancelLabel={t('common.cancel')}
        onConfirm={async () => {
          if (await deleteComment(t, rating)) setConfirmDelete(false);
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{t('catalogue.review.confirmDelete')}</p>
      </ConfirmModal>
    </article>
  );
}

function ActionButton({ icon, label, onClick, pressed }: { icon: 'reply' | 'pen' | 'trash' | 'flag'; label: string; onClick: () => void; pressed?: boolean }) {
  return (
    <button type="button" className="btn btn-ghost btn-xs text-base-content/70 gap-1 font-medium" onClick={onClick} aria-pressed={pressed}>
      <CatalogueIcon name={icon} className="size-3.5" />
      {label}
    </button>
  );
}

function Replies({ ratingId, viewerId }: { ratingId: string; viewerId: string }) {
  const { t } = useTranslation();
  const list = repliesOf(ratingId);
  const state = useStore(list.$state);
  return (
    <div className="border-base-300 mt-3 border-l-2 pl-4">
      <ul className="flex flex-col gap-4" aria-label={t('catalogue.review.repliesLabel')}>
        {state.items.map((reply) => (
          <li key={reply.id}>
            <Comment rating={reply} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {state.loading ? <span className="loading loading-dots loading-sm text-base-content/50 mt-2" aria-label={t('common.loading')} /> : null}
      {hasMore(state) && !state.loading ? (
        <button type="button" className="link link-primary mt-3 text-xs font-semibold no-underline" onClick={() => list.more().catch((error) => notifyCatalogueError(t, error))}>
          {t('catalogue.review.moreReplies', { count: state.total - state.items.length })}
        </button>
      ) : null}
    </div>
  );
}

/** The reply form; once sent, the replies open so the new one shows. */
function ReplyBox({ parentId, onSent }: { parentId: string; onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const busy = useStore($reviewBusy);
  const [text, setText] = useState('');
  return (
    <form
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBlank(text)) void replyTo(t, parentId, text).then((sent) => sent && onSent());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('catalogue.review.replyLabel')}
      </label>
      <textarea id={id} className="textarea textarea-sm w-full" rows={2} maxLength={5000} placeholder={t('catalogue.review.replyPlaceholder')} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCommentMode(null)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={isBlank(text) || busy}>
          {t('catalogue.review.sendReply')}
        </button>
      </div>
    </form>
  );
}

function EditBox({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  const id = useId();
  const busy = useStore($reviewBusy);
  const [text, setText] = useState(rating.rating_comment ?? '');
  const [level, setLevel] = useState<number | null>(rating.rating_level);
  const isReview = rating.parent_id === null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBlank(text)) void editComment(t, rating, { text, level });
      }}
    >
      {isReview ? <StarInput value={level} onChange={setLevel} label={t('catalogue.review.rating')} /> : null}
      <label htmlFor={id} className="sr-only">
        {t('catalogue.review.editLabel')}
      </label>
      <textarea id={id} className="textarea textarea-sm mt-2 w-full" rows={3} maxLength={5000} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCommentMode(null)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={isBlank(text) || busy}>
          {t('catalogue.review.saveEdit')}
        </button>
      </div>
    </form>
  );
}
