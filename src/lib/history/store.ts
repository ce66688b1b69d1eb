import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { getMediaHistory, getNewsHistory } from '../media/api.ts';
import { deleteHistoryItem } from '../shelf/api.ts';
import { articleHistoryEntry, mediaHistoryEntry, MEDIA_HISTORY_PAGE, type HistoryEntry, type MediaType } from '../media/rules.ts';
import { notifyError } from '../shell/store.ts';

/** The next page of an article, video or audio history. */
export async function loadHistoryPage(
  t: TFunction,
  kind: 'article' | MediaType,
  params: { q?: string; offset: number },
): Promise<{ entries: HistoryEntry[]; total: number } | null> {
  try {
    const query = { q: params.q || undefined, limit: MEDIA_HISTORY_PAGE, offset: params.offset };
    if (kind === 'article') {
      const body = await getNewsHistory(api, query);
      return { entries: body.data.map(articleHistoryEntry), total: body.meta.total };
    }
    const body = await getMediaHistory(api, { ...query, type: kind });
    return { entries: body.data.map((row) => mediaHistoryEntry(kind, row)), total: body.meta.total };
  } catch (error) {
    notifyError(t, error);
    return null;
  }
}

/** Removes one of the user's history rows; true when it is gone. */
export async function removeHistoryEntry(t: TFunction, historyId: string): Promise<boolean> {
  try {
    await deleteHistoryItem(api, { id: historyId });
    return true;
  } catch (error) {
    notifyError(t, error);
    return false;
  }
}
