import { useId } from 'react';
import { changeType, type QuestionDraft } from '../../lib/quizzes/teacher-form.ts';
import { QUESTION_TYPES, type QuestionType } from '../../lib/quizzes/values.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { QuestionPicture } from './QuestionPicture.tsx';

/** The most options a choice question may have (the contract's limit). */
const MAX_OPTIONS = 6;

/**
 * One question on the teacher's form: its type, text, the options with the right one(s) (one for
 * single choice and true/false, any for multiple answers) or the numeric answer, its points and
 * explanation, and its picture (added, shown and taken off; `onPicture` changes only the picture,
 * as an upload ends after other changes may have been made).
 */
export function QuestionEditor({ question, number, count, onChange, onPicture, onRemove }: {
  question: QuestionDraft;
  number: number;
  count: number;
  onChange: (next: QuestionDraft) => void;
  onPicture: (url: string | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labels = { true: t('quizzes.teacher.form.true'), false: t('quizzes.teacher.form.false') };
  const many = question.type === 'multiple';
  const setOption = (index: number, change: Partial<{ body: string; correct: boolean }>) => {
    const options = question.options.map((o, i) => {
      if (i === index) return { ...o, ...change };
      // One right option for single choice and true/false: choosing one clears the others.
      return change.correct && !many ? { ...o, correct: false } : o;
    });
    onChange({ ...question, options });
  };
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <fieldset className="border-base-300 rounded-box flex flex-col gap-3 border p-3 sm:p-4" data-question-editor={number}>
      <legend className="px-1 font-semibold">{t('quizzes.teacher.form.question', { number })}</legend>
      <label className={field} htmlFor={`${id}-type`}>
        {t('quizzes.teacher.form.type')}
        <select id={`${id}-type`} className="select select-bordered min-h-12 w-full" value={question.type} onChange={(e) => onChange(changeType(question, e.currentTarget.value as QuestionType, labels))} data-question-type>
          {QUESTION_TYPES.map((type) => <option key={type} value={type}>{t(`quizzes.teacher.types.${type}`)}</option>)}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-body`}>
        {t('quizzes.teacher.form.body')}
        <textarea id={`${id}-body`} className="textarea textarea-bordered w-full" rows={3} maxLength={4000} value={question.body} onChange={(e) => onChange({ ...question, body: e.currentTarget.value })} data-question-body />
      </label>
      <QuestionPicture url={question.image_url} number={number} onPicture={onPicture} />
      {question.type === 'numeric' ? (
        <label className={field} htmlFor={`${id}-answer`}>
          {t('quizzes.teacher.form.answer')}
          <input id={`${id}-answer`} className="input input-bordered min-h-12 w-full sm:w-48" inputMode="decimal" value={question.answer} onChange={(e) => onChange({ ...question, answer: e.currentTarget.value })} data-numeric-key />
        </label>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm">{many ? t('quizzes.teacher.form.rightMany') : t('quizzes.teacher.form.rightOne')}</legend>
          {question.options.map((option, i) => (
            <div key={i} className="flex items-center gap-2" data-option-row={i + 1}>
              <input
                type={many ? 'checkbox' : 'radio'}
                name={`${id}-right`}
                className={many ? 'checkbox' : 'radio'}
                checked={option.correct}
                onChange={(e) => setOption(i, { correct: many ? e.currentTarget.checked : true })}
                aria-label={t('quizzes.teacher.form.isRight', { number: i + 1 })}
                data-option-right
              />
              {question.type === 'true_false' ? (
                <span className="min-h-12 content-center">{option.body}</span>
              ) : (
                <input
                  className="input input-bordered min-h-12 min-w-0 flex-1"
                  maxLength={1000}
                  value={option.body}
                  onChange={(e) => setOption(i, { body: e.currentTarget.value })}
                  aria-label={t('quizzes.teacher.form.option', { number: i + 1 })}
                  data-option-body
                />
              )}
              {question.type !== 'true_false' && question.options.length > 2 && (
                <button type="button" className="btn btn-ghost btn-sm min-h-12" onClick={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}>
                  {t('quizzes.teacher.form.removeOption', { number: i + 1 })}
                </button>
              )}
            </div>
          ))}
          {question.type !== 'true_false' && question.options.length < MAX_OPTIONS && (
            <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => onChange({ ...question, options: [...question.options, { body: '', correct: false }] })} data-add-option>
              {t('quizzes.teacher.form.addOption')}
            </button>
          )}
        </fieldset>
      )}
      <label className={field} htmlFor={`${id}-points`}>
        {t('quizzes.teacher.form.points')}
        <input id={`${id}-points`} type="number" min={0.5} max={100} step={0.5} className="input input-bordered min-h-12 w-full sm:w-32" value={question.points} onChange={(e) => onChange({ ...question, points: Number(e.currentTarget.value) })} />
      </label>
      <label className={field} htmlFor={`${id}-explanation`}>
        {t('quizzes.teacher.form.explanation')}
        <textarea id={`${id}-explanation`} className="textarea textarea-bordered w-full" rows={2} maxLength={4000} value={question.explanation} onChange={(e) => onChange({ ...question, explanation: e.currentTarget.value })} data-question-explanation />
      </label>
      {count > 1 && (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={onRemove}>{t('quizzes.teacher.form.removeQuestion', { number })}</button>
      )}
    </fieldset>
  );
}
