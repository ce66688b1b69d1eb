import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { EYE, EYE_OFF } from '../../components/account/password-icons.ts';
import { StrokeIcon } from '../shell/Icon.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  /** A multi-line field. */
  multiline?: boolean;
}

/**
 * A labelled input (or textarea) with its hint and error tied to it for screen readers; a password
 * input has a show/hide button.
 */
export function TextField({ id, label, value, onChange, error, hint, multiline, className, ...rest }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const password = rest.type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          onChange={(e) => onChange(e.target.value)}
          maxLength={rest.maxLength}
        />
      ) : (
        <div className={password ? 'relative' : undefined}>
          <input
            {...rest}
            {...common}
            type={password && shown ? 'text' : rest.type}
            className={`input w-full ${error ? 'input-error' : ''} ${password ? 'pr-11' : ''}`}
            onChange={(e) => onChange(e.target.value)}
          />
          {password ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square text-base-content/70 absolute top-1/2 right-1 -translate-y-1/2"
              aria-controls={id}
              aria-pressed={shown}
              title={t('account.common.showPassword')}
              onClick={() => setShown(!shown)}
              disabled={rest.disabled}
            >
              <StrokeIcon paths={shown ? EYE_OFF : EYE} />
              <span className="sr-only">{t('account.common.showPassword')}</span>
            </button>
          ) : null}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-base-content/70 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
