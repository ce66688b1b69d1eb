import type { InputHTMLAttributes } from 'react';

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

/** A labelled input (or textarea) with its hint and error tied to it for screen readers. */
export function TextField({ id, label, value, onChange, error, hint, multiline, className, ...rest }: Props) {
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
        <input {...rest} {...common} className={`input w-full ${error ? 'input-error' : ''}`} onChange={(e) => onChange(e.target.value)} />
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
