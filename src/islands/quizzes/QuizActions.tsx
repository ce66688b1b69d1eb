import { useState, type FormEvent } from 'react';
import type { QuizDetail } from '../../lib/quizzes/api.ts';
import { beginQuiz, buyTryout, redeemCode } from '../../lib/quizzes/store.ts';
import { examHref, resultHref } from '../../lib/quizzes/links.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/** A key made once per page for starting: the server answers the same attempt for it, however often it is sent. */
function onceKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * What the caller can do on a quiz's page: start or continue it, see the results, buy the package
 * through the order box, or redeem a voucher code.
 */
function Actions({ quiz }: { quiz: QuizDetail }) {
  const { t } = useTranslation();
  const [key] = useState(onceKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [redeemed, setRedeemed] = useState(false);
  const fail = (e: unknown) => setError((e as { code?: string }).code ?? 'unknown');

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { attempt_id } = await beginQuiz(quiz.id, key);
      window.location.assign(examHref(attempt_id));
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };
  const buy = async () => {
    setBusy(true);
    try {
      const box = await buyTryout(quiz.id, `${key}-buy`);
      window.location.assign(`/detail-order-box?order_box_id=${encodeURIComponent(box.order_box_id)}`);
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };
  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('invalid_voucher');
    setBusy(true);
    setError(null);
    try {
      await redeemCode(code.trim());
      setRedeemed(true);
      window.location.reload();
    } catch (e) {
      fail(e);
    }
    setBusy(false);
  };

  const open = quiz.attempt?.state === 'in_progress';
  return (
    <div className="flex flex-col gap-3" data-quiz-actions>
      {error && <p role="alert" className="alert alert-error alert-soft">{t(`quizzes.errors.${error}`, { defaultValue: t('quizzes.errors.unknown') })}</p>}
      {redeemed && <p role="status" className="alert alert-success alert-soft">{t('quizzes.detail.redeemed')}</p>}
      <div className="flex flex-wrap gap-2">
        {(quiz.can_start || open) && (
          <button type="button" className="btn btn-primary min-h-12" disabled={busy} onClick={() => void start()} data-start>
            {open ? t('quizzes.detail.continue') : t('quizzes.detail.start')}
          </button>
        )}
        {quiz.attempt?.state === 'submitted' && <a className="btn min-h-12" href={resultHref(quiz.id)} data-results>{t('quizzes.detail.results')}</a>}
        {quiz.access === 'buy' && quiz.window !== 'closed' && (
          <button type="button" className="btn btn-secondary min-h-12" disabled={busy} onClick={() => void buy()} data-buy>{t('quizzes.detail.buy')}</button>
        )}
      </div>
      {quiz.access === 'owned' && <p className="text-sm">{t('quizzes.detail.owned')}</p>}
      {quiz.access === 'buy' && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void redeem(e)} data-voucher>
          <label className="flex flex-col gap-1">
            <span className="text-sm">{t('quizzes.detail.voucher')}</span>
            <input className="input input-bordered min-h-12 uppercase" value={code} maxLength={40} autoComplete="off" onChange={(e) => setCode(e.currentTarget.value)} />
          </label>
          <button type="submit" className="btn min-h-12" disabled={busy}>{t('quizzes.detail.redeem')}</button>
        </form>
      )}
    </div>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
/** The actions as an island. */
export const QuizActions = withTexts(Actions, ['quizzes']);
