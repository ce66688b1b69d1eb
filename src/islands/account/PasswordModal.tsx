import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { validatePasswordForm, type PasswordForm } from '../../lib/account/rules.ts';
import { remainingErrors } from '../../lib/forms/field-errors.ts';
import { accountErrorText } from '../../lib/i18n/account-errors.ts';
import { $passwordForm, changePassword, keepPasswordErrors, resetPasswordForm, type PasswordPhase } from '../../lib/account/store.ts';
import { Modal } from '../shell/Modal.tsx';
import { TextField } from './TextField.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
}

const EMPTY: PasswordForm = { old_password: '', new_password: '', confirm_password: '' };

/**
 * The password modal, with a message under each field it refuses; success signs out everywhere and goes to /login,
 * which says why and has the e-mail filled in. The change takes seconds; the modal says which step
 * it is at. After a failed try, a field's error goes once the field is fixed.
 */
export function PasswordModal({ open, onClose, hasPassword }: Props) {
  const { t } = useTranslation();
  const state = useStore($passwordForm);
  const [values, setValues] = useState<PasswordForm>(EMPTY);
  const close = () => {
    setValues(EMPTY);
    resetPasswordForm();
    onClose();
  };
  const message = (field: keyof PasswordForm) => {
    const code = state.errors[field];
    return code ? accountErrorText(t, { code }) : null;
  };
  const set = (field: keyof PasswordForm) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    keepPasswordErrors(remainingErrors(state.errors, validatePasswordForm(next), field));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await changePassword(values);
  };

  return (
    <Modal open={open} onClose={close} title={t('account.settings.password.title')}>
      {hasPassword ? (
        <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
          <p className="text-base-content/70 text-sm">{t('account.settings.password.hint')}</p>
          {state.error && (
            <p className="alert alert-error text-sm" role="alert">
              {accountErrorText(t, state.error)}
            </p>
          )}
          <TextField id="password-old" type="password" label={t('account.settings.password.old')} value={values.old_password} onChange={set('old_password')} error={message('old_password')} autoComplete="current-password" disabled={state.saving} />
          <TextField id="password-new" type="password" label={t('account.settings.password.new')} value={values.new_password} onChange={set('new_password')} error={message('new_password')} autoComplete="new-password" disabled={state.saving} />
          <TextField id="password-confirm" type="password" label={t('account.settings.password.confirm')} value={values.confirm_password} onChange={set('confirm_password')} error={message('confirm_password')} autoComplete="new-password" disabled={state.saving} />
          {state.phase ? <Progress phase={state.phase} /> : null}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={close} disabled={state.saving}>
              {t('account.settings.password.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={state.saving}>
              {state.saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('account.settings.password.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-4 text-sm">{t('account.settings.noPassword')}</p>
          <div className="modal-action">
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('account.common.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

const STEPS: PasswordPhase[] = ['checking', 'saving', 'signingOut'];

/** What the change is doing now, as a step of three with a bar. */
function Progress({ phase }: { phase: PasswordPhase }) {
  const { t } = useTranslation();
  const step = STEPS.indexOf(phase) + 1;
  return (
    <div className="bg-base-200 rounded-box flex flex-col gap-2 p-3" role="status" aria-live="polite">
      <div className="flex items-center gap-2 text-sm font-medium">
        <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
        <span>{t(`account.settings.password.progress.${phase}`)}</span>
        <span className="text-base-content/70 ml-auto text-xs font-normal">{t('account.settings.password.progress.label', { step })}</span>
      </div>
      <progress className="progress progress-primary w-full" value={step} max={STEPS.length} aria-hidden="true" />
      <p className="text-base-content/70 text-xs">{t('account.settings.password.progress.note')}</p>
    </div>
  );
}
