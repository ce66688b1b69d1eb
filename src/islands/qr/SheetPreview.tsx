import type { MouseEvent } from 'react';
import { previewImage } from '../../lib/shell/dialogs-store.ts';

interface Props {
  src: string;
  alt: string;
  label: string;
  /** The page that shows the sheet, where the control leads until its script runs. */
  href: string;
}

/**
 * Opens a print sheet in the image preview dialog of the signed-in layout. It is a link to the
 * sheet's own page, so a click before the script has loaded still shows the sheet; once loaded,
 * the click opens the preview instead.
 */
export function SheetPreview({ src, alt, label, href }: Props) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click meant for a new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    previewImage({ src, alt });
  };
  return (
    <a href={href} className="btn btn-ghost btn-sm" onClick={open} data-sheet-preview>
      {label}
    </a>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
SheetPreview.texts = [] as string[];
