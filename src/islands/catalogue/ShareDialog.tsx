import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { BookDetail } from '../../lib/catalogue/schema.ts';
import { bookPath } from '../../lib/catalogue/book.ts';
import { shareLinks } from '../../lib/site/share-links.ts';
import { closeDialog } from '../../lib/catalogue/book-actions-store.ts';
import { notify } from '../../lib/shell/store.ts';
import type { CatalogueIconName } from '../../components/catalogue/icons.ts';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { Modal } from '../shell/Modal.tsx';

const SERVICES: { id: 'facebook' | 'twitter' | 'telegram' | 'whatsapp'; icon: CatalogueIconName; className: string }[] = [
  { id: 'facebook', icon: 'facebook', className: 'bg-[#1877f2] text-white' },
  { id: 'twitter', icon: 'twitter', className: 'bg-black text-white' },
  { id: 'telegram', icon: 'telegram', className: 'bg-[#0077b5] text-white' },
  { id: 'whatsapp', icon: 'whatsapp', className: 'bg-[#128c4a] text-white' },
];

/** What a book needs to be shared. */
export type SharedBook = Pick<BookDetail, 'id' | 'book_title'>;

/** Another item than a book: its address and the dialog's texts. */
export interface ShareTarget {
  path: string;
  title: string;
  linkLabel: string;
  message: string;
}

/** The share dialog: four services as plain share links, and copy link. */
export function ShareDialog({ open, book, onClose = closeDialog, target }: { open: boolean; book: SharedBook | null; onClose?: () => void; target?: ShareTarget }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={target?.title ?? t('catalogue.share.title')} widthClass="max-w-md">
      {book ? <Share book={book} target={target} /> : null}
    </Modal>
  );
}

function Share({ book, target }: { book: SharedBook; target?: ShareTarget }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${target?.path ?? bookPath(book.id)}`;
  const links = shareLinks(url, target?.message ?? t('catalogue.share.message', { title: book.book_title }));

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      notify('error', t('catalogue.share.copyFailed'));
    }
  };

  return (
    <div>
      <ul className="grid grid-cols-4 gap-2">
        {SERVICES.map((service) => (
          <li key={service.id}>
            <a href={links[service.id]} target="_blank" rel="noopener noreferrer" className="hover:bg-base-200 flex flex-col items-center gap-1.5 rounded-box p-2 text-xs font-medium">
              <span className={`grid size-12 place-items-center rounded-full ${service.className}`}>
                <CatalogueIcon name={service.icon} className="size-6" />
              </span>
              {t(`catalogue.share.${service.id}`)}
              <span className="sr-only">{t('catalogue.share.newWindow')}</span>
            </a>
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-link`} className="mt-5 mb-1.5 block text-sm font-semibold">
        {target?.linkLabel ?? t('catalogue.share.link')}
      </label>
      <div className="join w-full">
        <input id={`${id}-link`} className="input join-item w-full min-w-0" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className={`btn join-item ${copied ? 'btn-success' : 'btn-primary'}`} onClick={() => void copy()}>
          <CatalogueIcon name={copied ? 'check' : 'link'} className="size-4" />
          {copied ? t('catalogue.share.copied') : t('catalogue.share.copy')}
        </button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t('catalogue.share.copied') : ''}
      </p>
    </div>
  );
}
