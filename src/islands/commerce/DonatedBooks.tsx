import { lazy, useState, type FormEvent } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { SelfDonationListResponse } from '../../lib/commerce/schema.ts';
import type { DonatedBook } from '../../lib/commerce/schema.ts';
import { donatedBooks } from '../../lib/commerce/donation-store.ts';
import { hasMore } from '../../lib/paging/list-store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Deferred } from '../shell/Deferred.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { useSeeded } from './useSeeded.ts';

const ShareDialog = lazy(() => import('../catalogue/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
const RecommendDialog = lazy(() => import('../catalogue/RecommendDialog.tsx').then((m) => ({ default: m.RecommendDialog })));

interface Props {
  lang: Lang;
  q: string;
  initial: SelfDonationListResponse;
  viewerId: string;
}

/** The donated books: search, each row with its copies and queue, share and recommend; 20 then 20 more. */
export const DonatedBooks = withTexts(Shelf, ['apiErrors', 'catalogue', 'commerce', 'common', 'errors', 'lending']);

function Shelf({ q, initial, viewerId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const seed = { data: initial.data, meta: { total: initial.meta.total, limit: initial.data.length, offset: 0 } };
  const state = useSeeded(donatedBooks.$state, () => donatedBooks.seed({ q: q || undefined }, seed), { items: initial.data, total: initial.meta.total, loading: false, loaded: true, error: null });
  const [query, setQuery] = useState(q);
  const [dialog, setDialog] = useState<{ kind: 'share' | 'recommend'; book: DonatedBook } | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    donatedBooks.load({ q: query.trim() || undefined }).catch(() => undefined);
  };

  return (
    <div className="flex flex-col gap-4">
      <form role="search" className="join w-full max-w-md" onSubmit={search}>
        <input type="search" name="q" className="input join-item flex-1" placeholder={t('commerce.donated.search')} aria-label={t('commerce.donated.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="btn btn-primary join-item">
          {t('commerce.picker.searchButton')}
        </button>
      </form>
      {state.items.length === 0 ? (
        <p className="text-base-content/70 py-6 text-center">{t(donatedBooks.params()?.q || q ? 'commerce.picker.noMatch' : 'commerce.donated.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-busy={state.loading} data-donated-books>
          {state.items.map((book) => (
            <li key={`${book.id}-${book.epustaka.id}`} className="border-base-300 rounded-box flex items-start gap-3 border p-3" data-donated-book={book.id}>
              {book.cover_url ? <img src={book.cover_url} alt="" className="h-20 w-14 shrink-0 rounded object-cover" loading="lazy" /> : <span className="bg-base-200 h-20 w-14 shrink-0 rounded" aria-hidden="true" />}
              <div className="min-w-0 flex-1">
                <a href={`/book/${encodeURIComponent(book.id)}/${encodeURIComponent(book.epustaka.id)}`} className="link-hover font-semibold break-words">
                  {book.book_title}
                </a>
                <p className="text-base-content/70 text-xs">{book.author_name ?? ''}</p>
                <p className="text-base-content/70 text-xs">{book.epustaka.epustaka_name}</p>
                <p className="mt-1 text-sm" data-copies>
                  {t('commerce.donated.copies', { total: book.all_qty, available: book.available_qty })}
                </p>
                <p className="text-base-content/70 text-xs">{book.queue_count > 0 ? t('commerce.donated.queue', { count: book.queue_count }) : t('commerce.donated.noQueue')}</p>
              </div>
              <div className="dropdown dropdown-end">
                <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('commerce.donated.actions', { title: book.book_title })}>
                  <CatalogueIcon name="more" className="size-4" />
                </button>
                <ul tabIndex={-1} className="dropdown-content menu bg-base-100 rounded-box z-10 w-44 p-2 shadow">
                  <li>
                    <button type="button" onClick={() => setDialog({ kind: 'share', book })}>
                      {t('commerce.donated.share')}
                    </button>
                  </li>
                  <li>
                    <button type="button" onClick={() => setDialog({ kind: 'recommend', book })}>
                      {t('commerce.donated.recommend')}
                    </button>
                  </li>
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMore(state) ? (
        <button type="button" className="btn btn-outline btn-sm self-center" disabled={state.loading} onClick={() => void donatedBooks.more().catch(() => undefined)}>
          {t('commerce.donated.more')}
        </button>
      ) : null}
      <Deferred when={dialog?.kind === 'share'}>
        <ShareDialog open={dialog?.kind === 'share'} book={dialog ? { id: dialog.book.id, book_title: dialog.book.book_title } : null} onClose={() => setDialog(null)} />
      </Deferred>
      <Deferred when={dialog?.kind === 'recommend'}>
        <RecommendDialog open={dialog?.kind === 'recommend'} viewerId={viewerId} bookId={dialog?.book.id} onClose={() => setDialog(null)} />
      </Deferred>
    </div>
  );
}
