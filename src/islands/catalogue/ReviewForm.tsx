import { useId, useState } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { reviewFormState } from '../../lib/ratings/rules.ts';
import { StarInput } from './StarInput.tsx';

interface Props {
  /** The user's review when they wrote one: the form edits it; otherwise it creates one. */
  own: { rating_level: number | null; rating_comment: string | null } | null;
  busy: boolean;
  onSave: (input: { level: number | null; text: string }) => void;
  /** Heading level and look: a card on the book page, plain inside a dialog. */
  variant?: 'card' | 'plain';
}

/**
 * The review form: a star rating and a comment, both required, with
 * the same rules wherever a review is written (the book page, the shelf's review dialog).
 */
export function ReviewForm({ own, busy, onSave, variant = 'card' }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [level, setLevel] = useState<number | null>(own?.rating_level ?? null);
  const [text, setText] = useState(own?.rating_comment ?? '');
  const [tried, setTried] = useState(false);
  const state = reviewFormState({ hasPrior: own !== null, level, text });

  return (
    <form
      id="review-form"
      className={variant === 'card' ? 'border-base-300 bg-base-100 rounded-box border p-4 md:p-5' : ''}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!state.disabled) onSave({ level, text });
      }}
    >
      {variant === 'card' ? <h3 className="mb-3 font-bold">{own ? t('catalogue.review.yourReview') : t('catalogue.review.write')}</h3> : null}
      <StarInput value={level} onChange={setLevel} label={t('catalogue.review.rating')} />
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('catalogue.review.textLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        className="textarea mt-3 w-full"
        rows={3}
        maxLength={5000}
        placeholder={t('catalogue.review.placeholder')}
        value={text}
        aria-invalid={tried && state.reason === 'noText'}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-hint`} className={`text-xs ${tried && state.reason ? 'text-error' : 'text-base-content/70'}`}>
          {state.reason === 'noRating' ? t('catalogue.review.noRating') : state.reason === 'noText' ? t('catalogue.review.required') : ''}
        </p>
        <button type="submit" className="btn btn-primary" disabled={state.disabled || busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {t(`catalogue.review.${state.label}`)}
        </button>
      </div>
    </form>
  );
}
