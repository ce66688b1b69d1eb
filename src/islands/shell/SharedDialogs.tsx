import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $contentUnavailable, $imagePreview } from '../../lib/shell/dialogs-store.ts';
import { closeTarget, unavailableAction } from '../../lib/site/unavailable.ts';
import { useTranslation, withTexts } from './I18nRoot.tsx';
import { Modal } from './Modal.tsx';

/**
 * Dialogs any island of the signed-in layout can open through the stores in lib/shell/dialogs-store.ts:
 * content unavailable and the image preview.
 */
export const SharedDialogs = withTexts(SharedDialogsIsland, ['common', 'reach']);

function SharedDialogsIsland({ lang }: { lang: Lang }) {
  return (
    <>
      <ContentUnavailableDialog />
      <ImagePreviewDialog />
    </>
  );
}

function ContentUnavailableDialog() {
  const { t } = useTranslation();
  const stored = useStore($contentUnavailable);
  // A page may ask for the dialog before this island hydrates: it opens after hydration, so the
  // first render matches the server's (closed) markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = hydrated ? stored : null;
  const kind = shown?.kind ?? null;
  const library = shown?.library ?? null;
  const close = () => {
    const target = kind ? closeTarget(kind) : null;
    $contentUnavailable.set(null);
    if (target) window.location.assign(target);
  };
  const action = unavailableAction(library);
  // Private content closes with the dialog's own close control only; the footer offers what to do.
  const footer =
    kind === 'not_found' ? (
      <button type="button" className="btn btn-primary" onClick={close}>
        {t('common.backHome')}
      </button>
    ) : library && action !== 'none' ? (
      <a className="btn btn-primary" href={`/epustaka/${library.id}`} data-unavailable-join>
        {t(action === 'extend' ? 'reach.unavailable.extend' : 'reach.unavailable.join', { epustaka: library.name })}
      </a>
    ) : undefined;
  const text =
    kind !== 'private'
      ? t('reach.unavailable.notFoundText')
      : library?.state === 'pending'
        ? t('reach.unavailable.privatePending', { epustaka: library.name })
        : library
          ? t(library.state === 'expired' ? 'reach.unavailable.privateExpired' : 'reach.unavailable.privateOf', { epustaka: library.name })
          : t('reach.unavailable.privateText');
  return (
    <Modal open={kind !== null} onClose={close} title={t(kind === 'private' ? 'reach.unavailable.privateTitle' : 'reach.unavailable.notFoundTitle')} footer={footer}>
      <p data-content-unavailable={kind ?? undefined}>{text}</p>
    </Modal>
  );
}

function ImagePreviewDialog() {
  const { t } = useTranslation();
  const image = useStore($imagePreview);
  return (
    <Modal open={image !== null} onClose={() => $imagePreview.set(null)} title={image?.alt || t('reach.imagePreview.title')} widthClass="max-w-4xl">
      {image && <img src={image.src} alt={image.alt} className="mx-auto max-h-[75dvh] w-auto max-w-full object-contain" />}
    </Modal>
  );
}
