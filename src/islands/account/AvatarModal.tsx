import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { IMAGE_EXTENSIONS, IMAGE_TYPES } from '../../lib/account/rules.ts';
import { accountErrorText } from '../../lib/i18n/account-errors.ts';
import { $avatarUpload, chooseAvatar, resetAvatarUpload, saveAvatar } from '../../lib/account/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { Modal } from '../shell/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The organisation's bucket the picture goes to. */
  bucket: string;
}

const ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS].join(',');

/**
 * The avatar modal: choose a picture (PNG, JPEG, GIF, JPG under 2 MB; the last
 * choice wins), see it, watch it upload to 100 % and finish, then save once it has an upload id.
 */
export function AvatarModal({ open, onClose, bucket }: Props) {
  const { t } = useTranslation();
  const upload = useStore($avatarUpload);
  const close = () => {
    resetAvatarUpload();
    onClose();
  };
  const save = async () => {
    if (await saveAvatar()) {
      notify('success', t('account.settings.avatar.saved'));
      onClose();
    }
  };
  const busy = upload.phase === 'uploading' || upload.phase === 'finishing';

  return (
    <Modal open={open} onClose={close} title={t('account.settings.avatar.title')}>
      <div className="mt-4 flex flex-col items-center gap-4">
        <div className="bg-base-200 grid size-40 place-items-center overflow-hidden rounded-full">
          {upload.previewUrl ? (
            <img src={upload.previewUrl} alt={t('account.settings.avatar.preview')} className="size-full object-cover" />
          ) : (
            <span className="text-base-content/70 px-4 text-center text-xs">{t('account.settings.avatar.hint')}</span>
          )}
        </div>
        <div className="w-full">
          <label htmlFor="avatar-file" className="text-sm font-medium">
            {t('account.settings.avatar.choose')}
          </label>
          <input
            id="avatar-file"
            type="file"
            accept={ACCEPT}
            className="file-input mt-1 w-full"
            aria-describedby="avatar-file-hint avatar-status"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void chooseAvatar(file, bucket);
            }}
          />
          <p id="avatar-file-hint" className="text-base-content/70 mt-1 text-xs">
            {t('account.settings.avatar.hint')}
          </p>
        </div>
        <div id="avatar-status" className="w-full" aria-live="polite">
          {upload.phase === 'uploading' && (
            <div className="flex flex-col gap-1">
              <progress className="progress progress-primary w-full" value={upload.progress} max={100} aria-label={t('account.settings.avatar.uploading', { percent: upload.progress })} />
              <span className="text-base-content/70 text-xs">{t('account.settings.avatar.uploading', { percent: upload.progress })}</span>
            </div>
          )}
          {upload.phase === 'finishing' && (
            <div className="flex flex-col gap-1">
              <progress className="progress progress-primary w-full" value={100} max={100} aria-label={t('account.settings.avatar.uploading', { percent: 100 })} />
              <span className="text-base-content/70 flex items-center gap-2 text-xs">
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                {t('account.settings.avatar.finishing')}
              </span>
            </div>
          )}
          {upload.phase === 'ready' && <p className="text-success text-sm">{t('account.settings.avatar.ready')}</p>}
          {upload.phase === 'error' && upload.error && (
            <p className="text-error text-sm" role="alert">
              {accountErrorText(t, upload.error)}
            </p>
          )}
        </div>
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('account.settings.avatar.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!upload.objId || busy || upload.phase === 'saving'} onClick={() => void save()}>
          {upload.phase === 'saving' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('account.settings.avatar.save')}
        </button>
      </div>
    </Modal>
  );
}
