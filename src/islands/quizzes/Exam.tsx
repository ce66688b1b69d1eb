import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatClock } from '../../lib/quizzes/rules.ts';
import type { QuestionListResponse } from '../../lib/quizzes/schema.ts';
import { $exam, answer, examMarks, flush, goTo, nextSubtest, reloadExam, seedExam, submitExam, timeLeft } from '../../lib/quizzes/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { ExamGrid, ExamQuestion } from './ExamQuestion.tsx';

interface Props {
  exam: QuestionListResponse['data'];
  serverNow: string;
  resultHref: string;
}

/**
 * The exam screen: one question at a time with the numbered grid of the open subtest, the marks
 * and their counts, the countdown to the server's deadline, whether everything is saved, and
 * submitting with a summary. When the subtest's time runs out the server moves on and the screen
 * follows; when the attempt's time runs out the answers are handed in.
 */
function ExamScreen({ resultHref }: { resultHref: string }) {
  const { t } = useTranslation();
  const view = useStore($exam);
  const [now, setNow] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const exam = view.exam;

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const online = () => void flush().then(reloadExam);
    const retry = setInterval(() => void flush(), 5000);
    window.addEventListener('online', online);
    void flush();
    return () => {
      clearInterval(tick);
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, []);

  const left = timeLeft(view, now);
  const subtestEnds = exam?.linear ? left.subtest : left.attempt;
  useEffect(() => {
    if (!exam || view.finished) return;
    if (left.attempt === 0) void submitExam();
  }, [left.attempt === 0, view.finished]);
  // A linear subtest whose time is up here: the server is asked every second until it has moved on
  // (the count shows 0 up to a second before the server's deadline, so one ask may come too early).
  const subtestOver = !!exam?.linear && !view.finished && left.subtest === 0 && left.attempt > 0;
  useEffect(() => {
    if (subtestOver) void reloadExam();
  }, [subtestOver ? now : 0]);

  if (!exam) return null;
  if (view.finished) {
    return (
      <div className="bg-base-100 rounded-box flex flex-col items-start gap-3 p-5 shadow-sm" data-exam-finished>
        <p>{view.error === 'attempt_closed' ? t('quizzes.errors.attempt_closed') : t('quizzes.exam.finished')}</p>
        <a className="btn btn-primary" href={resultHref}>{t('quizzes.exam.toResult')}</a>
      </div>
    );
  }
  const { marks, counts } = examMarks(view);
  const question = exam.questions[view.current];
  const subtest = exam.subtests.find((s) => s.number === exam.subtest);
  const lastSubtest = exam.subtest >= exam.subtests.length;
  const savedText = view.offline ? t('quizzes.exam.offline') : view.pending > 0 ? t('quizzes.exam.saving') : t('quizzes.exam.saved');

  return (
    <div className="flex flex-col gap-3" data-exam>
      <div className="bg-base-100 rounded-box sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 p-3 shadow-sm">
        <div>
          {exam.linear && subtest && <p className="text-sm font-semibold">{t('quizzes.exam.subtest', { number: subtest.number, title: subtest.title })}</p>}
          <p className="text-base-content/70 text-xs" role="status" data-save-state={view.offline ? 'offline' : view.pending > 0 ? 'saving' : 'saved'}>{savedText}</p>
        </div>
        <div role="timer" aria-live="off" className="text-right">
          <span className="text-base-content/70 block text-xs">{exam.linear ? t('quizzes.exam.subtestTimeLeft') : t('quizzes.exam.timeLeft')}</span>
          <span className="font-mono text-xl font-bold tabular-nums" data-time-left>{formatClock(subtestEnds)}</span>
        </div>
      </div>
      {view.error && view.error !== 'attempt_closed' && (
        <p role="alert" className="alert alert-warning alert-soft">{t(`quizzes.errors.${view.error}`, { defaultValue: t('quizzes.errors.unknown') })}</p>
      )}
      {question && (
        <ExamQuestion
          key={question.id}
          question={question}
          total={exam.questions.length}
          saved={view.answers[question.id]}
          onAnswer={(change) => answer(question.id, change)}
        />
      )}
      <div className="flex justify-between gap-2">
        <button type="button" className="btn min-h-12 flex-1" disabled={view.current === 0} onClick={() => goTo(view.current - 1)}>{t('quizzes.exam.previous')}</button>
        <button type="button" className="btn min-h-12 flex-1" disabled={view.current >= exam.questions.length - 1} onClick={() => goTo(view.current + 1)}>{t('quizzes.exam.next')}</button>
      </div>
      <ExamGrid marks={marks} current={view.current} counts={counts} />
      <div className="flex flex-wrap gap-2">
        {exam.linear && !lastSubtest && (
          <button type="button" className="btn btn-outline min-h-12" onClick={() => window.confirm(t('quizzes.exam.nextSubtestConfirm')) && void nextSubtest()} data-next-subtest>
            {t('quizzes.exam.nextSubtest')}
          </button>
        )}
        {(!exam.linear || lastSubtest) && (
          <button type="button" className="btn btn-primary min-h-12" onClick={() => setConfirming(true)} data-submit>{t('quizzes.exam.submit')}</button>
        )}
      </div>
      {confirming && (
        <div role="dialog" aria-modal="true" aria-labelledby="submit-title" className="bg-base-100 rounded-box border-base-300 flex flex-col gap-3 border p-4" data-submit-dialog>
          <p id="submit-title" className="font-semibold">{t('quizzes.exam.submitConfirm')}</p>
          <p className="text-sm">{t('quizzes.exam.summary', counts)}</p>
          <div className="flex gap-2">
            <button type="button" className="btn min-h-12" onClick={() => setConfirming(false)}>{t('quizzes.exam.cancel')}</button>
            <button type="button" className="btn btn-primary min-h-12" onClick={() => void submitExam().then(() => setConfirming(false))} data-confirm-submit>{t('quizzes.exam.submit')}</button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The exam as an island, seeded with what the server rendered and the server's time then. */
function ExamIsland({ exam, serverNow, resultHref }: Props) {
  useState(() => {
    seedExam(exam, serverNow);
  });
  return <ExamScreen resultHref={resultHref} />;
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
export const Exam = withTexts(ExamIsland, ['quizzes']);
