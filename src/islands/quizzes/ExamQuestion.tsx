import type { QuestionMark } from '../../lib/quizzes/values.ts';
import type { SavedAnswer, TakerQuestion } from '../../lib/quizzes/schema.ts';
import { goTo } from '../../lib/quizzes/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

const MARK_CLASS: Record<QuestionMark, string> = { answered: 'btn-success', unanswered: 'btn-outline', uncertain: 'btn-warning' };

/** One question: its text (as text, never HTML), picture, options or number field, and the uncertain flag. */
export function ExamQuestion({ question, total, saved, onAnswer }: {
  question: TakerQuestion;
  total: number;
  saved: SavedAnswer | undefined;
  onAnswer: (change: { option_ids?: string[]; value?: number | null; uncertain?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const chosen = new Set(saved?.option_ids ?? []);
  const many = question.type === 'multiple';
  const pick = (id: string) => {
    if (!many) return onAnswer({ option_ids: chosen.has(id) ? [] : [id] });
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onAnswer({ option_ids: [...next] });
  };
  return (
    <section className="bg-base-100 rounded-box flex flex-col gap-3 p-4 shadow-sm" aria-labelledby={`q-${question.id}`} data-question={question.number}>
      <h2 id={`q-${question.id}`} className="text-base-content/70 text-sm font-semibold">{t('quizzes.exam.question', { number: question.number, total })}</h2>
      <p className="whitespace-pre-line">{question.body}</p>
      {question.image_url && <img src={question.image_url} alt={t('quizzes.exam.pictureAlt', { number: question.number })} className="max-h-72 w-auto self-start rounded" loading="lazy" />}
      {question.type === 'numeric' ? (
        <label className="flex flex-col gap-1">
          <span className="text-sm">{t('quizzes.exam.numericLabel')}</span>
          <input
            type="number"
            inputMode="decimal"
            step="any"
            className="input input-bordered min-h-12"
            defaultValue={saved?.value ?? ''}
            onChange={(e) => onAnswer({ value: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
            data-numeric-answer
          />
        </label>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('quizzes.exam.question', { number: question.number, total })}</legend>
          {question.options.map((o) => (
            <label key={o.id} className={`rounded-box flex min-h-12 cursor-pointer items-center gap-3 border p-3 ${chosen.has(o.id) ? 'border-primary bg-primary/10' : 'border-base-300'}`}>
              <input type={many ? 'checkbox' : 'radio'} name={`answer-${question.id}`} className={many ? 'checkbox' : 'radio'} checked={chosen.has(o.id)} onChange={() => pick(o.id)} data-option />
              <span>{o.body}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex min-h-12 cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-warning" checked={saved?.uncertain ?? false} onChange={(e) => onAnswer({ uncertain: e.currentTarget.checked })} data-uncertain />
        <span>{t('quizzes.exam.uncertain')}</span>
      </label>
    </section>
  );
}

/** The numbered grid of the open subtest's questions with their marks, and how many carry each mark. */
export function ExamGrid({ marks, current, counts }: { marks: QuestionMark[]; current: number; counts: Record<QuestionMark, number> }) {
  const { t } = useTranslation();
  return (
    <nav className="bg-base-100 rounded-box flex flex-col gap-2 p-3 shadow-sm" aria-label={t('quizzes.exam.grid')}>
      <p className="text-sm" data-mark-counts>
        {t('quizzes.exam.answered')}: <strong>{counts.answered}</strong> · {t('quizzes.exam.uncertain')}: <strong>{counts.uncertain}</strong> · {t('quizzes.exam.unanswered')}: <strong>{counts.unanswered}</strong>
      </p>
      <ol className="grid grid-cols-6 gap-2 sm:grid-cols-10">
        {marks.map((mark, i) => (
          <li key={i}>
            <button
              type="button"
              className={`btn btn-sm min-h-11 w-full ${MARK_CLASS[mark]} ${i === current ? 'ring-primary ring-2' : ''}`}
              aria-current={i === current ? 'step' : undefined}
              aria-label={`${i + 1}: ${t(`quizzes.exam.${mark}`)}`}
              onClick={() => goTo(i)}
              data-grid-mark={mark}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
