import { useId } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { formatRating, RATING_STEPS, tooltipIndex } from '../../lib/ratings/rules.ts';
import { formatNumber } from '../../lib/contract/format.ts';

interface Props {
  value: number | null;
  onChange: (value: number) => void;
  /** The group's accessible name. */
  label: string;
}

/**
 * A star rating in half steps (0.5–5): ten radio buttons drawn as half stars, each with the
 * tooltip of the star it fills (five Indonesian phrases from weak to very positive).
 * On a touch screen ten half stars of 44 px do not fit a phone's width, so the stars only show
 * the choice and a slider as wide as the box and 44 px high, in the same half steps, makes it.
 */
export function StarInput({ value, onChange, label }: Props) {
  const { t, i18n } = useTranslation();
  const name = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const tip = (level: number) => t(`catalogue.review.stars.${tooltipIndex(level)}`);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-label={label} className="rating rating-half rating-lg pointer-coarse:hidden">
        {RATING_STEPS.map((level, index) => (
          <input
            key={level}
            type="radio"
            name={name}
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
            title={tip(level)}
            aria-label={t('catalogue.review.starOption', { value: formatNumber(level, i18n.language), text: tip(level) })}
            className={`mask mask-star-2 bg-amber-400 ${index % 2 === 0 ? 'mask-half-1' : 'mask-half-2'}`}
          />
        ))}
      </div>
      <div className="hidden w-full flex-col gap-1 pointer-coarse:flex">
        <div className="rating rating-half rating-lg" aria-hidden="true">
          {RATING_STEPS.map((level, index) => (
            <span key={level} className={`mask mask-star-2 bg-amber-400 ${index % 2 === 0 ? 'mask-half-1' : 'mask-half-2'} ${value !== null && level <= value ? '' : 'opacity-20'}`} />
          ))}
        </div>
        <input
          type="range"
          min={0}
          max={RATING_STEPS[RATING_STEPS.length - 1]}
          step={RATING_STEPS[0]}
          value={value ?? 0}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            // 0 is the slider's start, not a rating.
            if (next > 0) onChange(next);
          }}
          aria-label={label}
          aria-valuetext={value ? `${formatRating(value, i18n.language)} · ${tip(value)}` : t('catalogue.review.chooseStars')}
          className="range range-warning h-11 w-full"
          data-star-slider
        />
      </div>
      <span className="text-base-content/80 min-w-24 text-sm font-medium" aria-live="polite">
        {value ? `${formatRating(value, i18n.language)} · ${tip(value)}` : t('catalogue.review.chooseStars')}
      </span>
    </div>
  );
}
