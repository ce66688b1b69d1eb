import { useEffect } from 'react';
import type { UnavailableKind, UnavailableLibrary } from '../../lib/site/unavailable.ts';
import { showContentUnavailable } from '../../lib/shell/dialogs-store.ts';

/**
 * Opens the layout's content-unavailable dialog once the page has loaded: on a
 * detail page of an item that is gone, or private to a library the member does not belong to.
 * `library` is the library holding private content, so the dialog can offer joining it. Renders
 * nothing itself; the page below it still says the same without script.
 */
export function ContentUnavailableOnLoad({ kind, library = null }: { kind: UnavailableKind; library?: UnavailableLibrary | null }) {
  useEffect(() => showContentUnavailable(kind, library), [kind, library?.id, library?.state]);
  return null;
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
ContentUnavailableOnLoad.texts = [] as string[];
