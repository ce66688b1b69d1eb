import { useTranslation } from '../shell/I18nRoot.tsx';
import type { BookDetail } from '../../lib/catalogue/schema.ts';
import { openDialog, type BookDialog } from '../../lib/catalogue/book-actions-store.ts';
import { usePopover } from '../shell/usePopover.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';

const ENTRIES: { dialog: BookDialog; icon: CatalogueIconName; label: string }[] = [
  { dialog: 'recommend', icon: 'send', label: 'catalogue.menu.recommend' },
  { dialog: 'share', icon: 'share', label: 'catalogue.menu.share' },
];

/** The book's overflow menu: recommend to a friend, share. */
export function BookMenu({ book, compact = false }: { book: BookDetail; compact?: boolean }) {
  const { t } = useTranslation();
  // Two of these may be on the page (the header actions and the narrow screens' bottom bar).
  const { close, buttonProps, panelProps } = usePopover<HTMLUListElement>(compact ? 'book-menu-bar' : 'book-menu');
  return (
    <div>
      <button
        type="button"
        className={`btn btn-square ${compact ? 'btn-ghost [anchor-name:--book-menu-bar]' : 'btn-outline border-base-300 [anchor-name:--book-menu]'}`}
        aria-label={t('catalogue.menu.label', { title: book.book_title })}
        {...buttonProps}
      >
        <CatalogueIcon name="more" />
      </button>
      <ul
        {...panelProps}
        className={`popover-menu menu bg-base-100 text-base-content rounded-box border-base-300 w-64 border p-2 shadow-xl ${compact ? 'popover-menu-above [position-anchor:--book-menu-bar]' : '[position-anchor:--book-menu]'}`}
      >
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
    </div>
  );
}
