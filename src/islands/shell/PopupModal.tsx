import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $popup, closePopup, type Popup } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from './I18nRoot.tsx';

/** The layout's message popup (`openPopup()`): a modal <dialog>, which traps focus and closes on Escape. */
export const PopupModal = withTexts(PopupModalIsland, ['apiErrors', 'common', 'errors']);

function PopupModalIsland({ lang }: { lang: Lang }) {
  return <PopupDialog />;
}

function PopupDialog() {
  const { t } = useTranslation();
  const popup = useStore($popup);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Keeps the text on screen while the dialog fades out after closing.
  const shown = useRef<Popup | null>(null);
  if (popup) shown.current = popup;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (popup && !dialog.open) dialog.showModal();
    if (!popup && dialog.open) dialog.close();
  }, [popup]);

  return (
    <dialog ref={dialogRef} className="modal modal-bottom xs:modal-middle" aria-labelledby="popup-title" onClose={closePopup}>
      <div className="modal-box">
        <h2 id="popup-title" className="text-lg font-bold">
          {shown.current?.title}
        </h2>
        <p className="py-4 whitespace-pre-line">{shown.current?.body}</p>
        <form method="dialog" className="modal-action">
          <button type="submit" className="btn btn-primary">
            {shown.current?.confirmLabel ?? t('common.ok')}
          </button>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">{t('common.close')}</button>
      </form>
    </dialog>
  );
}
