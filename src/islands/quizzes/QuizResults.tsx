import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TeacherParticipant, TeacherQuiz } from '../../lib/quizzes/teacher-api.ts';
import { $results, extendTime, seedResults } from '../../lib/quizzes/teacher-store.ts';
import { formatDate, formatNumber } from '../../lib/contract/format.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/**
 * A quiz's takers for its teacher: each one's state, score, passing, who handed in (the student or
 * the clock) and deadline on the school's clock; more minutes for one student's open attempt or
 * for everyone (then the close moves too), with the new deadlines shown at once.
 */
function Results({ quiz, participants }: { quiz: TeacherQuiz; participants: TeacherParticipant[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Seeded in the browser only: on the server the store would be shared by every request.
  useEffect(() => seedResults(quiz, participants), [quiz, participants]);
  const view = useStore($results);
  const [minutes, setMinutes] = useState('10');
  const shown = view.quiz?.id === quiz.id ? view : { ...view, quiz, participants };
  const current = shown.quiz!;
  const when = (iso: string | null) => (iso ? formatDate(iso, i18n.language, 'dateTime', current.time_zone) : '–');
  const score = (p: TeacherParticipant) => (p.state === 'submitted' ? formatNumber(p.final_score ?? p.raw_score ?? 0, i18n.language, { maximumFractionDigits: 2 }) : '–');
  const amount = Number(minutes);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= 240;
  const canExtend = !current.scored && !view.busy && valid;
  const error = view.error ?? (valid ? null : 'invalid_minutes');
  return (
    <div className="flex flex-col gap-4" data-quiz-results>
      <section className="bg-base-100 rounded-box flex flex-col gap-2 p-4 shadow-sm" aria-labelledby={`${id}-more`}>
        <h2 id={`${id}-more`} className="font-semibold">{t('quizzes.teacher.results.moreTime')}</h2>
        <p className="text-sm" data-quiz-closes>{t('quizzes.teacher.results.closes', { time: when(current.closes_at) })}</p>
        {current.scored ? (
          <p className="text-sm">{t('quizzes.errors.quiz_scored')}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-minutes`}>
              {t('quizzes.teacher.results.minutes')}
              <input id={`${id}-minutes`} type="number" min={1} max={240} className="input input-bordered min-h-12 w-32" value={minutes} onChange={(e) => setMinutes(e.currentTarget.value)} data-extend-minutes />
            </label>
            <button type="button" className="btn btn-primary min-h-12" disabled={!canExtend} aria-busy={view.busy} onClick={() => void extendTime(amount)} data-extend-all>
              {t('quizzes.teacher.results.extendAll')}
            </button>
          </div>
        )}
        {error && <p role="alert" className="alert alert-error alert-soft">{t(`quizzes.errors.${error}`, { defaultValue: t('quizzes.errors.unknown') })}</p>}
        {view.extended && (
          <p role="status" className="alert alert-success alert-soft" data-extended>
            {view.extended.name
              ? t('quizzes.teacher.results.extendedOne', { minutes: view.extended.minutes, name: view.extended.name })
              : t('quizzes.teacher.results.extendedAll', { minutes: view.extended.minutes, count: view.extended.attempts, closes: when(current.closes_at) })}
          </p>
        )}
      </section>
      {shown.participants.length === 0 ? (
        <p className="border-base-300 rounded-box border border-dashed px-6 py-8 text-center">{t('quizzes.teacher.results.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-participants>
          {shown.participants.map((p) => (
            <li key={p.user_id} className="bg-base-100 rounded-box flex flex-col gap-1 p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between" data-participant={p.name}>
              <div className="flex flex-col gap-0.5">
                <span className="font-semibold">{p.name}</span>
                <span className="text-sm" data-participant-state={p.state}>
                  {p.state === 'submitted'
                    ? t(p.submitted_by === 'timeout' ? 'quizzes.teacher.results.byTimeout' : 'quizzes.teacher.results.byStudent', { time: when(p.submitted_at) })
                    : t('quizzes.teacher.results.inProgress')}
                </span>
                <span className="text-base-content/70 text-sm" data-participant-deadline>{t('quizzes.teacher.results.deadline', { time: when(p.deadline_at) })}</span>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm">{t('quizzes.teacher.results.score', { score: score(p) })}</span>
                {p.passed !== null && (
                  <span className={`badge ${p.passed ? 'badge-success' : 'badge-error'}`}>{p.passed ? t('quizzes.result.passed') : t('quizzes.result.notPassed')}</span>
                )}
                {p.state === 'in_progress' && !current.scored && (
                  <button type="button" className="btn btn-sm btn-outline min-h-10" disabled={!canExtend} onClick={() => void extendTime(amount, p.user_id)} data-extend-one>
                    {t('quizzes.teacher.results.extendOne', { name: p.name })}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The results as an island. */
export const QuizResults = withTexts(Results, ['quizzes']);
