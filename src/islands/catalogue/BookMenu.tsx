import { useTranslation } from 'react-i18next';
import type { BookDetail } from '../../lib/api/schemas/catalogue.ts';
import { openDialog, type BookDialog } from '../../lib/stores/catalogue.ts';
import { useDisclosure } from '../shell/useDisclosure.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';

const ENTRIES: { dialog: BookDialog; icon: CatalogueIconName; label: string }[] = [
  { dialog: 'recommend', icon: 'send', label: 'catalogue.menu.recommend' },
  { dialog: 'share', icon: 'share', label: 'catalogue.menu.share' },
];

/** The book's overflow menu (spec 01 §2.5): recommend to a friend, share. */
export function BookMenu({ book, compact = false }: { book: BookDetail; compact?: boolean }) {
  const { t } = useTranslation();
  const { open, toggle, close, rootRef, buttonRef, onBlur } = useDisclosure();
  return (
    <div ref={rootRef} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-square ${compact ? 'btn-ghost' : 'btn-outline border-base-300'}`}
        aria-expanded={open}
        aria-label={t('catalogue.menu.label', { title: book.book_title })}
        onClick={toggle}
      >
        <CatalogueIcon name="more" />
      </button>
      {open ? (
        <ul className={`menu bg-base-100 rounded-box border-base-300 absolute right-0 z-40 w-64 border p-2 shadow-xl ${compact ? 'bottom-full mb-2' : 'top-full mt-2'}`}>
          {ENTRIES.map((entry) => (
            <li key={entry.dialog}>
              <button
                type="button"
                onClick={() => {
                  close();
                  openDialog(entry.dialog);
                }}
              >
                <CatalogueIcon name={entry.icon} className="size-4" />
                {t(entry.label)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
