import { useId, useState, type FormEvent } from 'react';
import type { TaughtClass, TeacherQuiz } from '../../lib/quizzes/teacher-api.ts';
import { draftOf, emptyDraft, newQuestion, quizInputOf, type QuizDraft } from '../../lib/quizzes/teacher-form.ts';
import { publishQuiz, saveQuiz } from '../../lib/quizzes/teacher-store.ts';
import { quizEditorHref, quizResultsHref } from '../../lib/quizzes/links.ts';
import { formatDate, timeZoneLabel, zoneOffsetMinutes } from '../../lib/contract/format.ts';
import { QuestionEditor } from './QuestionEditor.tsx';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/**
 * The teacher's quiz form: class (of the ones they teach; fixed once written), title,
 * description, minutes, the window on the school's clock, passing grade and the questions. Saved
 * as a draft as often as wanted; published after a confirmation; read-only once published (the API
 * refuses changes then, and its refusal is shown translated).
 */
function Editor({ quiz, classes, saved = false }: { quiz: TeacherQuiz | null; classes: TaughtClass[]; saved?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const labels = { true: t('quizzes.teacher.form.true'), false: t('quizzes.teacher.form.false') };
  const [draft, setDraft] = useState<QuizDraft>(() => (quiz ? draftOf(quiz) : emptyDraft(classes[0]?.id ?? '', classes[0]?.time_zone ?? 'Asia/Jakarta', new Date(), newQuestion('single', labels))));
  const [published, setPublished] = useState<TeacherQuiz | null>(quiz?.published ? quiz : null);
  const [status, setStatus] = useState<'saved' | 'published' | null>(saved ? 'saved' : null);
  const [error, setError] = useState<{ code: string; question: number | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const zone = classes.find((c) => c.id === draft.class_id)?.time_zone ?? quiz?.time_zone ?? 'Asia/Jakarta';
  const zoneLabel = timeZoneLabel(zoneOffsetMinutes(zone, new Date()));
  const set = (change: Partial<QuizDraft>) => {
    setDraft({ ...draft, ...change });
    setStatus(null);
  };

  /** Saves the form (the API checks it); the quiz's id once the server has it. */
  const save = async (): Promise<string | null> => {
    setError(null);
    const result = await saveQuiz(quiz?.id ?? null, quizInputOf(draft, zone));
    if (!result.ok) {
      setError({ code: result.code, question: result.question });
      return null;
    }
    return result.quizId;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const quizId = await save();
    setBusy(false);
    if (!quizId) return;
    if (!quiz) return window.location.assign(`${quizEditorHref(quizId)}?saved=1`);
    setStatus('saved');
  };
  const publish = async () => {
    if (!quiz) return;
    setBusy(true);
    setConfirming(false);
    // What is on the form is saved first, so the quiz published is the one the teacher sees.
    const quizId = await save();
    const result = quizId ? await publishQuiz(quizId) : null;
    setBusy(false);
    if (!result) return;
    if (!result.ok) return setError({ code: result.code, question: null });
    setPublished(result.quiz);
    setStatus('published');
  };

  const errorText = error && t(`quizzes.errors.${error.code}`, { defaultValue: t('quizzes.errors.unknown') });
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate data-quiz-editor data-published={published ? 'true' : 'false'}>
      {published && (
        <div className="alert alert-info alert-soft flex flex-wrap" role="status" data-published-note>
          <span>{status === 'published' ? t('quizzes.teacher.form.nowPublished') : t('quizzes.teacher.form.isPublished')} {t('quizzes.teacher.form.readOnly')}</span>
          <a className="btn btn-sm" href={quizResultsHref(published.id)}>{t('quizzes.teacher.list.results')}</a>
        </div>
      )}
      {status === 'saved' && <p role="status" className="alert alert-success alert-soft" data-saved>{t('quizzes.teacher.form.saved')}</p>}
      {errorText && (
        <p role="alert" className="alert alert-error alert-soft" data-editor-error={error.code}>
          {error.question ? t('quizzes.teacher.form.inQuestion', { number: error.question, message: errorText }) : errorText}
        </p>
      )}
      <fieldset disabled={!!published || busy} className="flex flex-col gap-4">
        <div className="bg-base-100 rounded-box grid grid-cols-1 gap-3 p-4 shadow-sm sm:grid-cols-2">
          <label className={`${field} sm:col-span-2`} htmlFor={`${id}-class`}>
            {t('quizzes.teacher.form.class')}
            <select id={`${id}-class`} className="select select-bordered min-h-12 w-full" value={draft.class_id} disabled={!!quiz} onChange={(e) => set({ class_id: e.currentTarget.value })} data-quiz-class>
              {quiz && !classes.some((c) => c.id === quiz.class_id) && <option value={quiz.class_id}>{quiz.class_name}</option>}
              {classes.map((c) => <option key={c.id} value={c.id}>{c.name} · {c.school_name}</option>)}
            </select>
          </label>
          <label className={`${field} sm:col-span-2`} htmlFor={`${id}-title`}>
            {t('quizzes.teacher.form.title')}
            <input id={`${id}-title`} className="input input-bordered min-h-12 w-full" maxLength={200} value={draft.title} onChange={(e) => set({ title: e.currentTarget.value })} data-quiz-title />
          </label>
          <label className={`${field} sm:col-span-2`} htmlFor={`${id}-description`}>
            {t('quizzes.teacher.form.description')}
            <textarea id={`${id}-description`} className="textarea textarea-bordered w-full" rows={2} maxLength={4000} value={draft.description} onChange={(e) => set({ description: e.currentTarget.value })} />
          </label>
          <label className={field} htmlFor={`${id}-opens`}>
            {t('quizzes.teacher.form.opens', { zone: zoneLabel })}
            <input id={`${id}-opens`} type="datetime-local" className="input input-bordered min-h-12 w-full" value={draft.opens} onChange={(e) => set({ opens: e.currentTarget.value })} data-quiz-opens />
          </label>
          <label className={field} htmlFor={`${id}-closes`}>
            {t('quizzes.teacher.form.closes', { zone: zoneLabel })}
            <input id={`${id}-closes`} type="datetime-local" className="input input-bordered min-h-12 w-full" value={draft.closes} onChange={(e) => set({ closes: e.currentTarget.value })} data-quiz-closes />
          </label>
          <label className={field} htmlFor={`${id}-minutes`}>
            {t('quizzes.teacher.form.duration')}
            <input id={`${id}-minutes`} type="number" min={1} max={600} className="input input-bordered min-h-12 w-full" value={draft.duration_minutes} onChange={(e) => set({ duration_minutes: e.currentTarget.value })} data-quiz-minutes />
          </label>
          <label className={field} htmlFor={`${id}-grade`}>
            {t('quizzes.teacher.form.passingGrade')}
            <input id={`${id}-grade`} type="number" min={0} max={100} className="input input-bordered min-h-12 w-full" value={draft.passing_grade} onChange={(e) => set({ passing_grade: e.currentTarget.value })} data-quiz-grade />
          </label>
          {quiz && (
            <p className="text-base-content/70 text-xs sm:col-span-2">
              {t('quizzes.teacher.list.window', { from: formatDate(quiz.opens_at, i18n.language, 'dateTime', zone), to: formatDate(quiz.closes_at, i18n.language, 'dateTime', zone) })}
            </p>
          )}
        </div>
        <h2 className="text-lg font-semibold">{t('quizzes.teacher.form.questions')}</h2>
        {draft.questions.map((q, i) => (
          <QuestionEditor
            key={i}
            question={q}
            number={i + 1}
            count={draft.questions.length}
            onChange={(next) => set({ questions: draft.questions.map((x, j) => (j === i ? next : x)) })}
            onPicture={(url) => {
              // An upload ends after other changes may have been made: it changes only this question's picture, in the form as it is then.
              setDraft((d) => ({ ...d, questions: d.questions.map((x, j) => (j === i ? { ...x, image_url: url } : x)) }));
              setStatus(null);
            }}
            onRemove={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}
          />
        ))}
        <button type="button" className="btn btn-outline self-start" onClick={() => set({ questions: [...draft.questions, newQuestion('single', labels)] })} data-add-question>
          {t('quizzes.teacher.form.addQuestion')}
        </button>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary min-h-12" aria-busy={busy} data-save-quiz>{t('quizzes.teacher.form.save')}</button>
          {quiz && !confirming && <button type="button" className="btn btn-secondary min-h-12" onClick={() => setConfirming(true)} data-publish>{t('quizzes.teacher.form.publish')}</button>}
        </div>
      </fieldset>
      {confirming && !published && (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="alert alert-warning alert-soft flex flex-col items-start gap-2" data-publish-confirm>
          <p id={`${id}-confirm`}>{t('quizzes.teacher.form.publishConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary min-h-12" onClick={() => void publish()} data-publish-yes>{t('quizzes.teacher.form.publishYes')}</button>
            <button type="button" className="btn min-h-12" onClick={() => setConfirming(false)}>{t('quizzes.teacher.form.cancel')}</button>
          </div>
        </div>
      )}
    </form>
  );
}

/** The editor as an island. */
export const QuizEditor = withTexts(Editor, ['quizzes']);
