import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { discardPostPicture, publishPost, uploadPostPicture } from '../../lib/feed/store.ts';
import { validateImageFile } from '../../lib/account/rules.ts';
import { POST_MAX_CHARS } from '../../lib/feed/rules.ts';
import { isBlank } from '../../lib/contract/text.ts';
import { notify, notifyError } from '../../lib/shell/store.ts';
import { tooManyRequestsText, type ErrorLike } from '../../lib/i18n/errors.ts';

interface Props {
  /** Post as this ePustaka (its owner only). */
  epustakaId?: string;
  viewerId: string;
  /** The caller's organisation: the bucket uploads go to. */
  organizationId?: string;
  onPosted: () => void;
}

type Upload =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'finishing'; progress: number; preview: string }
  | { phase: 'ready'; preview: string; objId: string }
  | { phase: 'error'; message: string };

function extensionOf(file: File): string {
  if (file.type === 'image/png') return 'png';
  if (file.type === 'image/gif') return 'gif';
  return 'jpg';
}

/**
 * A new post: text and an optional PNG, JPEG or GIF under 2 MB,
 * uploaded at once with a progress bar. Send stays disabled with neither text nor picture.
 */
export function PostComposer({ epustakaId, viewerId, organizationId, onPosted }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [sending, setSending] = useState(false);
  const run = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const preview = upload.phase === 'uploading' || upload.phase === 'finishing' || upload.phase === 'ready' ? upload.preview : null;
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    const mine = ++run.current;
    if (!file) return;
    // Another picture replaces the one waiting to be posted.
    if (upload.phase === 'ready') void discardPostPicture(upload.objId).catch(() => undefined);
    const code = validateImageFile(file);
    if (code) {
      setUpload({ phase: 'error', message: t(`feed.composer.${code}`) });
      return;
    }
    const url = URL.createObjectURL(file);
    setUpload({ phase: 'uploading', progress: 0, preview: url });
    try {
      const objId = await uploadPostPicture(organizationId, {
        file,
        fileName: `post-${Date.now()}.${extensionOf(file)}`,
        onProgress: (percent) => {
          if (mine === run.current) setUpload({ phase: percent >= 100 ? 'finishing' : 'uploading', progress: percent, preview: url });
        },
      });
      if (mine === run.current) setUpload({ phase: 'ready', preview: url, objId });
    } catch (error) {
      if (mine !== run.current) return;
      const status = (error as { status?: number }).status;
      const message = tooManyRequestsText(t, error as ErrorLike) ?? (status === 403 ? t('feed.composer.quota') : t('feed.composer.uploadFailed'));
      setUpload({ phase: 'error', message });
    }
  };

  /** Empties the picture slot. A picture taken out before posting is removed, so it no longer counts against the quota. */
  const clearImage = (posted = false) => {
    run.current += 1;
    if (!posted && upload.phase === 'ready') void discardPostPicture(upload.objId).catch(() => undefined);
    setUpload({ phase: 'idle' });
    if (fileInput.current) fileInput.current.value = '';
  };

  const busyUploading = upload.phase === 'uploading' || upload.phase === 'finishing';
  const canSend = !sending && !busyUploading && (!isBlank(text) || upload.phase === 'ready');

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await publishPost({
        message: text.trim(),
        sender_type: epustakaId ? 'EPUSTAKA' : 'USER',
        sender_id: epustakaId ?? (viewerId || undefined),
        image_file_id: upload.phase === 'ready' ? upload.objId : undefined,
      });
      setText('');
      clearImage(true);
      notify('success', t('feed.composer.posted'));
      onPosted();
    } catch (error) {
      notifyError(t, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="card bg-base-100 border-base-300 border"
      aria-label={t('feed.composer.label')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="card-body gap-3 p-4">
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('feed.composer.label')}
        </label>
        <textarea
          id={`${id}-text`}
          className="textarea textarea-bordered min-h-20 w-full"
          placeholder={t('feed.composer.placeholder')}
          maxLength={POST_MAX_CHARS}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {preview ? (
          <div className="relative w-fit">
            <img src={preview} alt={t('feed.composer.preview')} className="max-h-48 rounded-box" />
            <button type="button" className="btn btn-circle btn-xs absolute top-1 right-1" aria-label={t('feed.composer.removeImage')} onClick={() => clearImage()}>
              ×
            </button>
          </div>
        ) : null}
        {busyUploading ? (
          <div className="flex items-center gap-2" role="status">
            <progress className="progress progress-primary w-full" value={upload.progress} max={100} aria-label={t('feed.composer.uploading')} data-testid="post-progress" />
            <span className="w-24 text-right text-xs">{upload.phase === 'finishing' ? t('feed.composer.finishing') : `${upload.progress}%`}</span>
          </div>
        ) : null}
        {upload.phase === 'error' ? (
          <p role="alert" className="text-error text-sm">
            {upload.message}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <label className="btn btn-ghost btn-sm">
            {t('feed.composer.addImage')}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif"
              className="sr-only"
              onChange={(event) => void choose(event.target.files?.[event.target.files.length - 1])}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-sm min-w-24" disabled={!canSend}>
            {sending ? <span className="loading loading-spinner loading-xs" /> : null}
            {t('feed.composer.send')}
          </button>
        </div>
      </div>
    </form>
  );
}
