import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ClassRecommendation } from '../../lib/class-reading/schema.ts';
import { $recommendations, findBooks, recommendBook } from '../../lib/class-reading/store.ts';
import { formatDate } from '../../lib/contract/format.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  classId: string;
  className: string;
  initial: ClassRecommendation[];
}

/**
 * A teacher picks a catalogue book and recommends it to the whole class in one step; below, the
 * books already recommended to the class, newest first.
 */
export const ClassRecommend = withTexts(Recommend, ['classReading', 'apiErrors', 'errors', 'common']);

function Recommend({ lang, classId, className, initial }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [books, setBooks] = useState<{ id: string; title: string; author: string | null }[] | null>(null);
  const [bookId, setBookId] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    $recommendations.set(null);
  }, [classId]);
  const recommendations = useStore($recommendations) ?? initial;

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    const found = await findBooks(t, q.trim());
    setBooks(found);
    setBookId(found[0]?.id ?? '');
    setBusy(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!bookId) return;
    setBusy(true);
    if (await recommendBook(t, classId, bookId)) {
      setBooks(null);
      setBookId('');
      setQ('');
    }
    setBusy(false);
  };

  return (
    <section className="bg-base-100 rounded-box p-4 shadow-sm sm:p-6" aria-labelledby={`${id}-title`} data-class-recommend>
      <h2 id={`${id}-title`} className="text-lg font-bold">{t('classReading.recommend.title')}</h2>
      <p className="text-base-content/70 mt-1 text-sm">{t('classReading.recommend.intro')}</p>
      <form onSubmit={search} className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm" htmlFor={`${id}-q`}>
          {t('classReading.recommend.search')}
          <input id={`${id}-q`} type="search" className="input input-bordered w-full" value={q} onChange={(e) => setQ(e.target.value)} maxLength={200} />
        </label>
        <button type="submit" className="btn btn-outline" disabled={busy || !q.trim()}>{t('classReading.recommend.searchButton')}</button>
      </form>
      {books !== null && (books.length === 0 ? (
        <p className="text-base-content/70 mt-3 text-sm" role="status">{t('classReading.recommend.noResults')}</p>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">{t('classReading.recommend.choose')}</legend>
            {books.map((book) => (
              <label key={book.id} className="flex items-start gap-2 text-sm">
                <input type="radio" className="radio radio-sm mt-0.5" name={`${id}-book`} value={book.id} checked={bookId === book.id} onChange={() => setBookId(book.id)} />
                <span>
                  <span className="font-semibold">{book.title}</span>
                  {book.author && <span className="text-base-content/70"> · {book.author}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary self-start" disabled={busy || !bookId} aria-busy={busy}>{t('classReading.recommend.submit', { class: className })}</button>
        </form>
      ))}
      <h3 className="mt-5 font-semibold">{t('classReading.recommend.listTitle')}</h3>
      {recommendations.length === 0 ? (
        <p className="text-base-content/70 mt-1 text-sm">{t('classReading.recommend.empty')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1" data-recommendations>
          {recommendations.map((r) => (
            <li key={r.id} className="text-sm">
              <a className="link link-primary font-semibold" href={`/book/${r.book.id}`}>{r.book.title}</a>{' '}
              <span className="text-base-content/70">{t('classReading.recommend.by', { name: r.recommended_by?.name ?? '—', date: formatDate(r.created_at, lang) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
