import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from './I18nRoot.tsx';
import { Icon } from './Icon.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** Width classes of the box; daisyUI's default width when absent. */
  widthClass?: string;
}

/**
 * A modal <dialog>: the browser traps focus, closes on Escape and returns focus to where it was.
 * Dialogs opened from another one stack on top of it. Keep it mounted and switch `open`, so the
 * browser closes it (and restores focus) before it goes; render the content only while open.
 */
export function Modal({ open, onClose, title, children, footer, widthClass = 'max-w-lg' }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal modal-bottom xs:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className={`modal-box flex max-h-[90dvh] flex-col gap-0 p-0 ${widthClass}`}>
        <div className="border-base-300 flex items-center gap-3 border-b px-5 py-4">
          <h2 id={titleId} className="min-w-0 flex-1 text-lg leading-tight font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('common.close')} onClick={() => ref.current?.close()}>
            <Icon name="close" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{open ? children : null}</div>
        {footer && open ? <div className="border-base-300 flex flex-wrap justify-end gap-2 border-t px-5 py-3">{footer}</div> : null}
      </div>
      {/* A click outside closes too; the labelled close button above is the one for assistive technology. */}
      <form method="dialog" className="modal-backdrop" aria-hidden="true">
        <button type="submit" tabIndex={-1}>
          {t('common.close')}
        </button>
      </form>
    </dialog>
  );
}
