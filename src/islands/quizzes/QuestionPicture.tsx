import { useId, useState } from 'react';
import { uploadQuestionPicture } from '../../lib/quizzes/teacher-store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/**
 * A question's picture on the teacher's form: "add a picture" (PNG, JPEG or GIF under 2 MB,
 * uploaded at once), its preview, and "remove the picture". The quiz's next save attaches it to
 * the quiz; until then only its uploader sees it.
 */
export function QuestionPicture({ url, number, onPicture }: { url: string | null; number: number; onPicture: (url: string | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await uploadQuestionPicture(file);
    setBusy(false);
    if (result.ok) onPicture(result.url);
    else setError(result.code);
  };
  return (
    <div className="flex flex-col gap-2 text-sm" data-question-picture>
      {url ? (
        <>
          <img src={url} alt={t('quizzes.exam.pictureAlt', { number })} className="max-h-48 w-auto self-start rounded" data-question-picture-preview />
          <button type="button" className="btn btn-ghost btn-sm min-h-12 self-start" onClick={() => onPicture(null)} data-remove-picture>{t('quizzes.teacher.form.removePicture')}</button>
        </>
      ) : (
        <>
          <label className="flex flex-col gap-1" htmlFor={`${id}-picture`}>
            {t('quizzes.teacher.form.addPicture')}
            <input id={`${id}-picture`} type="file" accept="image/png,image/jpeg,image/gif" className="file-input file-input-bordered min-h-12 w-full sm:w-auto" disabled={busy} onChange={(e) => void choose(e.currentTarget)} aria-describedby={`${id}-hint`} data-add-picture />
          </label>
          <span id={`${id}-hint`} className="text-base-content/70 text-xs">{t('quizzes.teacher.form.pictureHint')}</span>
        </>
      )}
      {busy && <span role="status">{t('quizzes.teacher.form.uploading')}</span>}
      {error && <span role="alert" className="text-error" data-picture-error={error}>{t(`quizzes.errors.${error}`, { defaultValue: t('quizzes.errors.unknown') })}</span>}
    </div>
  );
}
