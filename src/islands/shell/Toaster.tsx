import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $toasts, dismissToast, type ToastKind } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from './I18nRoot.tsx';
import { Icon } from './Icon.tsx';

const ALERT_CLASS: Record<ToastKind, string> = {
  error: 'alert-error',
  success: 'alert-success',
  info: 'alert-info',
  warning: 'alert-warning',
};

/**
 * Notifications of `notify()`, announced politely to screen readers: bottom right, or at the top
 * under the bar (`placement="top"`) where the bottom holds controls, as in the readers.
 */
export const Toaster = withTexts(ToasterIsland, ['apiErrors', 'errors', 'shell']);

function ToasterIsland({ placement = 'corner' }: { lang: Lang; placement?: 'corner' | 'top' }) {
  return <ToastList placement={placement} />;
}

function ToastList({ placement }: { placement: 'corner' | 'top' }) {
  const { t } = useTranslation();
  const toasts = useStore($toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('shell.notifications')}
      className={`toast pointer-events-none z-[70] w-full max-w-sm p-3 ${placement === 'top' ? 'toast-top toast-center pt-16' : 'toast-end toast-bottom xs:p-4'}`}
    >
      {toasts.map((toast) => (
        <div key={toast.id} className={`alert ${ALERT_CLASS[toast.kind]} pointer-events-auto flex w-full items-start shadow-lg`}>
          <span className="min-w-0 flex-1 text-sm break-words whitespace-normal">{toast.text}</span>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle shrink-0"
            aria-label={t('shell.dismiss')}
            onClick={() => dismissToast(toast.id)}
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
