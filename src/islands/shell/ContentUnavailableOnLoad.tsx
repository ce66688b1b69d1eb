import { useEffect } from 'react';
import type { UnavailableKind } from '../../lib/domain/unavailable.ts';
import { showContentUnavailable } from '../../lib/stores/dialogs.ts';

/**
 * Opens the layout's content-unavailable dialog once the page has loaded: on a
 * detail page of an item that is gone, or private to a library the member does not belong to.
 * Renders nothing itself; the page below it still says the same without script.
 */
export function ContentUnavailableOnLoad({ kind }: { kind: UnavailableKind }) {
  useEffect(() => showContentUnavailable(kind), [kind]);
  return null;
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
ContentUnavailableOnLoad.texts = [] as string[];
