import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { formatRupiah } from '../../lib/contract/format.ts';
import { donationPicker } from '../../lib/commerce/donation-store.ts';
import { requestDonation } from '../../lib/commerce/donation-request.ts';
import { hasMore } from '../../lib/paging/list-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { DonationDialog } from './DonationDialog.tsx';

interface Props {
  lang: Lang;
  /** A book to open the dialog for at once (`/donation?book_id=`). */
  openFor?: { id: string; title: string } | null;
}

/** The donation picker: books that may be donated, 10 then 10 more, searched by title; each opens the donation dialog. */
export const DonationPicker = withTexts(DonationPickerIsland, ['apiErrors', 'commerce', 'common', 'errors']);

function DonationPickerIsland({ openFor = null }: Props) {
  return (
    <>
      <Picker openFor={openFor} />
      <DonationDialog />
    </>
  );
}

function Picker({ openFor }: { openFor: Props['openFor'] }) {
  const { t, i18n } = useTranslation();
  const state = useStore(donationPicker.$state);
  const [query, setQuery] = useState('');

  useEffect(() => {
    donationPicker.load({}).catch(() => undefined);
    if (openFor) requestDonation(openFor);
  }, [openFor]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    donationPicker.load({ q: query.trim() || undefined }).catch(() => undefined);
  };

  return (
    <section aria-labelledby="donation-picker" className="flex flex-col gap-3">
      <h2 id="donation-picker" className="text-lg font-bold">
        {t('commerce.titles.picker')}
      </h2>
      <form role="search" className="join w-full max-w-md" onSubmit={search}>
        <input type="search" className="input join-item flex-1" placeholder={t('commerce.picker.search')} aria-label={t('commerce.picker.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="btn btn-primary join-item">
          {t('commerce.picker.searchButton')}
        </button>
      </form>
      {state.error && state.items.length === 0 ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {t('commerce.order.loadError')}
        </p>
      ) : state.loaded && state.items.length === 0 ? (
        <p className="text-base-content/70 py-4">{t(donationPicker.params()?.q ? 'commerce.picker.noMatch' : 'commerce.picker.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-busy={state.loading} data-donation-picker>
          {state.items.map((book) => (
            <li key={book.id} className="border-base-300 rounded-box flex gap-3 border p-3">
              {book.cover_url ? <img src={book.cover_url} alt="" className="h-20 w-14 shrink-0 rounded object-cover" loading="lazy" /> : <span className="bg-base-200 h-20 w-14 shrink-0 rounded" aria-hidden="true" />}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <a href={`/book/${encodeURIComponent(book.book_id)}`} className="link-hover line-clamp-2 font-semibold">
                  {book.book_title}
                </a>
                <p className="text-base-content/70 truncate text-xs">{book.author_name ?? book.book_author ?? ''}</p>
                <p className="text-sm font-semibold tabular-nums">{formatRupiah(book.price, i18n.language)}</p>
              </div>
              <button type="button" className="btn btn-primary btn-sm self-center" aria-haspopup="dialog" aria-label={t('commerce.donate.openFor', { title: book.book_title })} onClick={() => requestDonation({ id: book.book_id, title: book.book_title })}>
                {t('commerce.picker.donate')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.loaded && state.items.length > 0 ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-base-content/70">{t('commerce.picker.shown', { shown: state.items.length, total: state.total })}</span>
          {hasMore(state) ? (
            <button type="button" className="btn btn-outline btn-sm" disabled={state.loading} onClick={() => void donationPicker.more().catch(() => undefined)}>
              {t('commerce.picker.more')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
