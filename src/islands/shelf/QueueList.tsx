import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ListBody } from '../../lib/contract/common.ts';
import type { QueueShelfItem } from '../../lib/shelf/schema.ts';
import { formatDueDate, moreHref, SHELF_PREVIEW, timeLeft } from '../../lib/shelf/rules.ts';
import { $busy, askConfirm, borrowHeldCopy, queueShelf } from '../../lib/shelf/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { BookActionButtons, BookActionDialogs } from './BookActions.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ShelfCover, ShelfEmpty, ShelfFooter, ShelfMoreLink, ShelfTitle, useNow } from './ShelfParts.tsx';
import { useSeededList } from '../shell/useLoadMore.ts';

interface Props {
  lang: Lang;
  initial: ListBody<QueueShelfItem>;
  now: string;
  userId: string;
  mode: 'preview' | 'full';
}

/** The queue shelf: place in line, and a copy held for me with its deadline and Borrow. */
export const QueueList = withTexts(QueueListIsland, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'readingProgress', 'shelf']);

function QueueListIsland({ ...props }: Props) {
  return (
    <>
      <Queue {...props} />
      <ConfirmDialog />
      <BookActionDialogs viewerId={props.userId} />
    </>
  );
}

function Queue({ initial, now: serverNow, userId, mode }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const { items, total } = useSeededList(queueShelf, {}, initial);
  const now = useNow(serverNow);
  const shown = mode === 'preview' ? items.slice(0, SHELF_PREVIEW) : items;
  return (
    <div className="flex flex-col gap-4">
      {shown.length === 0 ? (
        <ShelfEmpty icon="queue" title={t('shelf.queue.empty')} text={t('shelf.queue.emptyText')} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('shelf.queue.title')}>
          {shown.map((entry) => (
            <li key={entry.id} className={entry.offer_expires_at ? 'md:col-span-2' : undefined}>
              <QueueCard entry={entry} now={now} userId={userId} />
            </li>
          ))}
        </ul>
      )}
      {mode === 'preview' && total > 0 ? (
        <div className="flex justify-end">
          <ShelfMoreLink href={moreHref('queue')} total={total} />
        </div>
      ) : null}
      {mode === 'full' ? <ShelfFooter list={queueShelf} shown={items.length} total={total} /> : null}
    </div>
  );
}

function QueueCard({ entry, now, userId }: { entry: QueueShelfItem; now: Date; userId: string }) {
  const { t, i18n } = useTranslation();
  const busy = useStore($busy) === entry.id;
  const held = entry.offer_expires_at;
  const left = held ? timeLeft(held, now) : null;
  return (
    <article
      className={`flex h-full gap-4 rounded-box border p-3 xs:p-4 ${held ? 'border-success bg-success/5 ring-success/30 ring-2' : 'border-base-300 bg-base-100'}`}
      aria-busy={busy}
    >
      <ShelfCover book={entry} epustakaId={entry.epustaka_id} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <ShelfTitle book={entry} epustakaId={entry.epustaka_id} />
        <p className="text-base-content/70 flex items-center gap-1 truncate text-xs">
          <CatalogueIcon name="library" className="size-3.5 shrink-0" />
          {t('shelf.queue.from', { name: entry.epustaka_name })}
        </p>
        {held && left ? (
          <div role="status" className="bg-success/10 rounded-field p-3">
            <p className="text-base-content flex items-start gap-2 font-semibold">
              <CatalogueIcon name="gift" className="text-success mt-0.5 size-5 shrink-0" />
              <span>{t('shelf.queue.held', { date: formatDueDate(held, i18n.language) })}</span>
            </p>
            <p className="text-base-content/80 mt-1 ml-7 text-sm tabular-nums">{t('shelf.queue.heldLeft', left)}</p>
          </div>
        ) : (
          <p className="badge badge-outline gap-1 font-medium">
            <CatalogueIcon name="queue" className="size-3.5" />
            {t('shelf.queue.position', { position: entry.position })}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {held ? (
            <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void borrowHeldCopy(t, entry, userId, i18n.language)}>
              {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <CatalogueIcon name="borrow" className="size-4" />}
              {t('shelf.queue.borrow')}
            </button>
          ) : null}
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => askConfirm({ kind: 'leave', item: entry })}>
            {t('shelf.queue.leave')}
          </button>
          <span className="ml-auto flex">
            <BookActionButtons book={entry} />
          </span>
        </div>
      </div>
    </article>
  );
}
