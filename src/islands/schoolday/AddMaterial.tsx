import { useId, useState, type FormEvent } from 'react';
import { addMaterial, addMaterialFile, findArticles, findBooks } from '../../lib/schoolday/store.ts';
import { MATERIAL_KINDS, type MaterialKind } from '../../lib/schoolday/values.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/**
 * A teacher adds a material to a meeting: a text, a link, a file, a catalogue book (optionally
 * required reading), one of the class's published quizzes (offered only when it has some), or an
 * article of a public library, found by title.
 */
export function AddMaterial({ meetingId, quizzes }: { meetingId: string; quizzes: { id: string; title: string }[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<MaterialKind>('text');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [q, setQ] = useState('');
  const [books, setBooks] = useState<{ id: string; title: string; author: string | null }[]>([]);
  const [bookId, setBookId] = useState('');
  const [required, setRequired] = useState(true);
  const [quizId, setQuizId] = useState('');
  const [articles, setArticles] = useState<{ id: string; title: string }[] | null>(null);
  const [articleId, setArticleId] = useState('');
  const kinds = MATERIAL_KINDS.filter((k) => k !== 'quiz' || quizzes.length > 0);
  const [busy, setBusy] = useState(false);

  const ready = kind === 'text' ? title.trim() && body.trim() : kind === 'link' ? title.trim() && url.trim() : kind === 'file' ? file !== null : kind === 'quiz' ? quizId !== '' : kind === 'article' ? articleId !== '' : bookId !== '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok =
      kind === 'file' && file
        ? await addMaterialFile(t, meetingId, title.trim(), file)
        : kind === 'article'
          ? await addMaterial(t, { meeting_id: meetingId, kind, article_id: articleId, ...(title.trim() ? { title: title.trim() } : {}) }, false)
        : kind === 'quiz'
          ? await addMaterial(t, { meeting_id: meetingId, kind, quiz_id: quizId, ...(title.trim() ? { title: title.trim() } : {}) }, false)
        : kind === 'book'
          ? await addMaterial(t, { meeting_id: meetingId, kind, book_id: bookId, ...(title.trim() ? { title: title.trim() } : {}) }, required)
          : kind === 'link'
            ? await addMaterial(t, { meeting_id: meetingId, kind, title: title.trim(), url: url.trim() }, false)
            : await addMaterial(t, { meeting_id: meetingId, kind: 'text', title: title.trim(), body: body.trim() }, false);
    setBusy(false);
    if (ok) {
      setTitle('');
      setBody('');
      setUrl('');
      setFile(null);
      setBookId('');
      setQuizId('');
      setArticleId('');
    }
  };
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <details className="mt-4">
      <summary className="btn btn-sm btn-outline">{t('schoolday.add.material')}</summary>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3" data-add-material>
        <label className={field}>
          {t('schoolday.add.kind')}
          <select className="select select-bordered" value={kind} onChange={(e) => setKind(e.target.value as MaterialKind)} name="kind">
            {kinds.map((k) => <option key={k} value={k}>{t(`schoolday.add.kinds.${k}`)}</option>)}
          </select>
        </label>
        <label className={field} htmlFor={`${id}-title`}>
          {t('schoolday.add.title')}
          <input id={`${id}-title`} className="input input-bordered" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} name="title" />
        </label>
        {kind === 'text' && (
          <label className={field} htmlFor={`${id}-body`}>
            {t('schoolday.add.body')}
            <textarea id={`${id}-body`} className="textarea textarea-bordered" rows={4} maxLength={10000} value={body} onChange={(e) => setBody(e.target.value)} name="body" />
          </label>
        )}
        {kind === 'link' && (
          <label className={field} htmlFor={`${id}-url`}>
            {t('schoolday.add.url')}
            <input id={`${id}-url`} type="url" className="input input-bordered" maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} name="url" />
          </label>
        )}
        {kind === 'file' && (
          <label className={field} htmlFor={`${id}-file`}>
            {t('schoolday.add.file')}
            <input id={`${id}-file`} type="file" className="file-input file-input-bordered" accept=".pdf,.docx,.pptx,.xlsx,.jpg,.jpeg,.png,.gif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
        )}
        {kind === 'quiz' && (
          <label className={field}>
            {t('schoolday.add.quiz')}
            <select className="select select-bordered" value={quizId} onChange={(e) => setQuizId(e.target.value)} name="quiz">
              <option value="">—</option>
              {quizzes.map((q) => <option key={q.id} value={q.id}>{q.title}</option>)}
            </select>
          </label>
        )}
        {kind === 'article' && (
          <>
            <label className={field} htmlFor={`${id}-aq`}>
              {t('schoolday.add.articleSearch')}
              <input id={`${id}-aq`} type="search" className="input input-bordered" value={q} onChange={(e) => setQ(e.target.value)} onBlur={async () => setArticles(await findArticles(t, q.trim()))} onKeyDown={async (e) => { if (e.key === 'Enter') { e.preventDefault(); setArticles(await findArticles(t, q.trim())); } }} name="article-q" />
            </label>
            {articles && articles.length === 0 && <p className="text-base-content/70 text-sm" role="status">{t('schoolday.add.noArticles')}</p>}
            {articles && articles.length > 0 && (
              <label className={field}>
                {t('schoolday.add.article')}
                <select className="select select-bordered" value={articleId} onChange={(e) => setArticleId(e.target.value)} name="article">
                  <option value="">—</option>
                  {articles.map((a) => <option key={a.id} value={a.id}>{a.title}</option>)}
                </select>
              </label>
            )}
          </>
        )}
        {kind === 'book' && (
          <>
            <label className={field} htmlFor={`${id}-q`}>
              {t('schoolday.add.bookSearch')}
              <input id={`${id}-q`} type="search" className="input input-bordered" value={q} onChange={(e) => setQ(e.target.value)} onBlur={async () => q.trim() && setBooks(await findBooks(t, q.trim()))} onKeyDown={async (e) => { if (e.key === 'Enter') { e.preventDefault(); setBooks(await findBooks(t, q.trim())); } }} name="q" />
            </label>
            {books.length > 0 && (
              <label className={field}>
                {t('schoolday.add.book')}
                <select className="select select-bordered" value={bookId} onChange={(e) => setBookId(e.target.value)} name="book">
                  <option value="">—</option>
                  {books.map((b) => <option key={b.id} value={b.id}>{b.title}{b.author ? ` · ${b.author}` : ''}</option>)}
                </select>
              </label>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={required} onChange={(e) => setRequired(e.target.checked)} />
              {t('schoolday.add.required')}
            </label>
          </>
        )}
        <button type="submit" className="btn btn-primary self-start" disabled={!ready || busy} aria-busy={busy}>{t('schoolday.add.save')}</button>
      </form>
    </details>
  );
}
