import { useId } from 'react';
import { starFills } from '../../lib/ratings/rules.ts';

interface Props {
  value: number | null | undefined;
  /** What a screen reader hears instead of the stars. */
  label: string;
  className?: string;
}

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

/** Five stars filled to `value` in half steps. */
export function Stars({ value, label, className = 'size-4' }: Props) {
  const id = `star${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5 text-amber-500">
      {starFills(value).map((fill, i) => (
        <svg key={i} viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
          {fill === 'half' ? (
            <defs>
              <linearGradient id={`${id}-${i}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="transparent" />
              </linearGradient>
            </defs>
          ) : null}
          <path
            d={STAR}
            fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id}-${i})` : 'none'}
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            className={fill === 'empty' ? 'text-base-content/25' : undefined}
          />
        </svg>
      ))}
    </span>
  );
}
