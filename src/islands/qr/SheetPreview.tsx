import { previewImage } from '../../lib/shell/dialogs-store.ts';

interface Props {
  src: string;
  alt: string;
  label: string;
}

/** Opens a print sheet in the image preview dialog of the signed-in layout. */
export function SheetPreview({ src, alt, label }: Props) {
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => previewImage({ src, alt })} data-sheet-preview>
      {label}
    </button>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
SheetPreview.texts = [] as string[];
