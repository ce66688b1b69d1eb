import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { Comment } from '../../lib/comments/schema.ts';
import { REPORT_REASONS, type ReportReason } from '../../lib/contract/values.ts';
import { builtHref } from '../../lib/site/built-pages.ts';
import { addComment, commentsChanged, createCommentList, createModeStore, createReplyList, editComment, flagComment, removeComment, type CommentList, type ReplyList } from '../../lib/comments/store.ts';
import { hasMore, type ListStore } from '../../lib/paging/list-store.ts';
import { notifyError } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { Modal } from '../shell/Modal.tsx';
import { ConfirmModal } from '../shell/ConfirmModal.tsx';
import { CommentBox } from './CommentBox.tsx';
import { formatDate } from '../../lib/contract/format.ts';

interface Props {
  objectType: string;
  objectId: string;
  lang: Lang;
}

interface Section {
  list: CommentList;
  $mode: ReturnType<typeof createModeStore>;
  objectType: string;
  objectId: string;
  /** After any change: the list again from page 1, and the open replies. */
  refresh: () => void;
  askDelete: (comment: Comment) => void;
  askReport: (comment: Comment) => void;
  /** Bumped after each change, so open reply lists load again. */
  version: number;
}

const SectionContext = createContext<Section | null>(null);
const useSection = () => useContext(SectionContext)!;

/**
 * The comments of any object (feed items now; videos and audio later): add, list 10 at a time
 * with infinite scroll, replies, edit ('edited'), delete after yes/no, report with four reasons.
 */
export const Comments = withTexts(CommentSection, ['apiErrors', 'catalogue', 'comments', 'common', 'errors']);

function CommentSection({ objectType, objectId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [list] = useState(createCommentList);
  const [$mode] = useState(createModeStore);
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const state = useStore(list.$state);

  useEffect(() => {
    list.load({ objectType, objectId }).catch((error) => notifyError(t, error));
  }, [objectType, objectId]);

  // From page 1 again, as many as are shown, keeping what is shown (and open) until it arrives.
  const refresh = () => {
    commentsChanged(objectType, objectId);
    setVersion((v) => v + 1);
    list.reload().catch((error) => notifyError(t, error));
  };
  const section: Section = { list, $mode, objectType, objectId, refresh, askDelete: setDeleting, askReport: setReporting, version };

  return (
    <SectionContext.Provider value={section}>
      <section className="flex flex-col gap-4" aria-label={t('comments.title')} data-testid="comments">
        <h2 className="text-lg font-semibold">
          {t('comments.title')} {state.loaded ? <span className="text-base-content/70 font-normal">({state.total})</span> : null}
        </h2>
        <CommentBox
          label={t('comments.add')}
          submitLabel={t('comments.send')}
          testId="comment-add"
          onSubmit={async (text) => {
            try {
              await addComment({ object_type: objectType, object_id: objectId, comment: text });
              refresh();
              return true;
            } catch (error) {
              notifyError(t, error);
              return false;
            }
          }}
        />
        {state.loaded && state.items.length === 0 ? <p className="text-base-content/70 text-sm">{t('comments.empty')}</p> : null}
        <ul className="flex flex-col gap-4">
          {state.items.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} />
            </li>
          ))}
        </ul>
        {hasMore(state) ? <MoreTrigger list={list} loading={state.loading} label={t('comments.more')} /> : null}
        {!state.loaded && state.loading ? <span className="loading loading-spinner text-primary mx-auto" aria-label={t('comments.loading')} /> : null}
      </section>
      <DeleteDialog comment={deleting} onClose={() => setDeleting(null)} />
      <ReportDialog comment={reporting} onClose={() => setReporting(null)} />
    </SectionContext.Provider>
  );
}

/** Loads the next page as it scrolls into view, or on its button. */
function MoreTrigger<T, P>({ list, loading, label }: { list: ListStore<T, P>; loading: boolean; label: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const loadingRef = useRef(loading);
  loadingRef.current = loading;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loadingRef.current) list.more().catch((error) => notifyError(t, error));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [list]);
  return (
    <div ref={ref} className="flex justify-center">
      <button type="button" className="btn btn-ghost btn-sm" disabled={loading} onClick={() => list.more().catch((error) => notifyError(t, error))}>
        {loading ? <span className="loading loading-spinner loading-xs" /> : null}
        {label}
      </button>
    </div>
  );
}

function CommentItem({ comment, reply = false }: { comment: Comment; reply?: boolean }) {
  const { t, i18n } = useTranslation();
  const section = useSection();
  const mode = useStore(section.$mode);
  const [showReplies, setShowReplies] = useState(false);
  const editing = mode?.kind === 'edit' && mode.id === comment.id;
  const replying = mode?.kind === 'reply' && mode.id === comment.id;
  const when = formatDate(comment.created_at, i18n.language, 'dateTime');
  const profile = builtHref(`/profil/user/${comment.sender.id}`);
  return (
    <article className="flex gap-3" data-testid={reply ? 'reply' : 'comment'} aria-label={t('comments.by', { name: comment.sender.name })}>
      <Avatar name={comment.sender.name} id={comment.sender.id} src={comment.sender.avatar_url} className={reply ? 'size-8 text-xs' : 'size-10 text-sm'} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <a href={profile} className={profile ? 'link link-hover text-sm font-semibold' : 'text-sm font-semibold'}>
            {comment.sender.name}
          </a>
          <span className="text-base-content/70 text-xs">
            <time dateTime={comment.created_at}>{when}</time>
            {comment.is_edited ? <span data-testid="comment-edited"> · {t('comments.edited')}</span> : null}
          </span>
        </div>
        {editing ? (
          <div className="mt-1">
            <CommentBox
              label={t('comments.editLabel')}
              submitLabel={t('comments.save')}
              initial={comment.comment}
              autoFocus
              testId="comment-edit"
              onCancel={() => section.$mode.set(null)}
              onSubmit={async (text) => {
                try {
                  await editComment({ id: comment.id, comment: text });
                  section.$mode.set(null);
                  section.refresh();
                  return true;
                } catch (error) {
                  notifyError(t, error);
                  return false;
                }
              }}
            />
          </div>
        ) : comment.is_deleted ? (
          <p className="text-base-content/70 mt-0.5 text-sm italic">{t('comments.deleted')}</p>
        ) : (
          <p className="mt-0.5 whitespace-pre-line break-words" data-testid="comment-text">
            {comment.comment}
          </p>
        )}
        {!editing && !comment.is_deleted ? (
          <div className="mt-1 flex flex-wrap gap-1">
            {!reply ? (
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => section.$mode.set(replying ? null : { kind: 'reply', id: comment.id })}>
                {t('comments.reply')}
              </button>
            ) : null}
            {comment.is_mine ? (
              <>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => section.$mode.set({ kind: 'edit', id: comment.id })}>
                  {t('comments.edit')}
                </button>
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => section.askDelete(comment)}>
                  {t('comments.delete')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => section.askReport(comment)}>
                {t('comments.report')}
              </button>
            )}
          </div>
        ) : null}
        {replying ? (
          <div className="mt-2">
            <CommentBox
              label={t('comments.replyLabel', { name: comment.sender.name })}
              submitLabel={t('comments.reply')}
              autoFocus
              testId="comment-reply"
              onCancel={() => section.$mode.set(null)}
              onSubmit={async (text) => {
                try {
                  await addComment({ object_type: section.objectType, object_id: section.objectId, comment: text, parent_id: comment.id });
                  section.$mode.set(null);
                  setShowReplies(true);
                  section.refresh();
                  return true;
                } catch (error) {
                  notifyError(t, error);
                  return false;
                }
              }}
            />
          </div>
        ) : null}
        {!reply && comment.reply_count > 0 ? (
          <button type="button" className="link link-primary mt-1 text-sm" aria-expanded={showReplies} onClick={() => setShowReplies(!showReplies)}>
            {showReplies ? t('comments.hideReplies') : t('comments.showReplies', { count: comment.reply_count })}
          </button>
        ) : null}
        {!reply && showReplies ? <Replies commentId={comment.id} /> : null}
      </div>
    </article>
  );
}

function Replies({ commentId }: { commentId: string }) {
  const { t } = useTranslation();
  const { version } = useSection();
  const [list] = useState<ReplyList>(createReplyList);
  const state = useStore(list.$state);
  useEffect(() => {
    list.load({ commentId }).catch((error) => notifyError(t, error));
  }, [commentId, version]);
  return (
    <div className="border-base-300 mt-2 flex flex-col gap-3 border-l-2 pl-3">
      <ul className="flex flex-col gap-3">
        {state.items.map((reply) => (
          <li key={reply.id}>
            <CommentItem comment={reply} reply />
          </li>
        ))}
      </ul>
      {hasMore(state) ? <MoreTrigger list={list} loading={state.loading} label={t('comments.moreReplies')} /> : null}
    </div>
  );
}

function DeleteDialog({ comment, onClose }: { comment: Comment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const section = useSection();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!comment) return;
    setBusy(true);
    try {
      await removeComment({ id: comment.id });
      onClose();
      section.refresh();
    } catch (error) {
      notifyError(t, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmModal open={comment !== null} title={t('comments.deleteTitle')} confirmLabel={t('comments.yes')} cancelLabel={t('comments.no')} onConfirm={() => void confirm()} onCancel={onClose} busy={busy}>
      <p>{t('comments.deleteAsk')}</p>
    </ConfirmModal>
  );
}

function ReportDialog({ comment, onClose }: { comment: Comment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const section = useSection();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'sent' | 'already' | null>(null);
  const close = () => {
    setReason(null);
    setOutcome(null);
    onClose();
  };
  const send = async () => {
    if (!comment || !reason) return;
    setBusy(true);
    try {
      await flagComment({ comment_id: comment.id, reason });
      setOutcome('sent');
      section.refresh();
    } catch (error) {
      if ((error as { code?: string }).code === 'already_reported') setOutcome('already');
      else notifyError(t, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={comment !== null} onClose={close} title={outcome === 'sent' ? t('catalogue.report.sentTitle') : outcome === 'already' ? t('catalogue.report.alreadyTitle') : t('catalogue.report.title')} widthClass="max-w-md">
      {outcome ? (
        <div className="flex flex-col gap-4" role="status">
          <p className={outcome === 'already' ? 'text-warning-content' : undefined}>{outcome === 'sent' ? t('catalogue.report.sent') : t('catalogue.report.already')}</p>
          <div className="flex justify-end">
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('comments.ok')}
            </button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="text-base-content/80 mb-3 text-sm">{t('catalogue.report.intro')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="border-base-300 has-checked:border-primary has-checked:bg-primary/5 flex cursor-pointer items-start gap-3 rounded-field border p-3 text-sm">
                <input type="radio" name="comment-report-reason" className="radio radio-primary radio-sm mt-0.5" checked={reason === value} onChange={() => setReason(value)} />
                {t(`catalogue.report.reasons.${value}`)}
              </label>
            ))}
          </fieldset>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t('comments.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={reason === null || busy}>
              {t('comments.sendReport')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
