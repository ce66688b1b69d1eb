import type { ReactNode } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { ReaderIcon } from './ReaderIcon.tsx';

/** Previous and next page with the position between them. */
export function PageNav({ page, total, onGo, label }: { page: number; total: number; onGo: (page: number) => void; label: (page: number, total: number) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <footer className="bg-base-100 border-base-300 flex h-11 shrink-0 items-center justify-center gap-2 border-t pointer-coarse:h-14 max-[642px]:h-14 max-[642px]:justify-between max-[642px]:px-1">
      <button type="button" className="btn btn-ghost btn-sm btn-square max-[642px]:size-11 pointer-coarse:size-11" aria-label={t('reader.previousPage')} disabled={page <= 1} onClick={() => onGo(page - 1)}>
        <ReaderIcon name="left" />
      </button>
      <span className="max-w-md min-w-0 flex-1 text-sm tabular-nums" aria-live="polite">
        {label(page, total)}
      </span>
      <button type="button" className="btn btn-ghost btn-sm btn-square max-[642px]:size-11 pointer-coarse:size-11" aria-label={t('reader.nextPage')} disabled={page >= total} onClick={() => onGo(page + 1)}>
        <ReaderIcon name="right" />
      </button>
    </footer>
  );
}
