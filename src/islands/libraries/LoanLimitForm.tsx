import { useState, type FormEvent } from 'react';
import { LOAN_LIMIT } from '../../lib/libraries/rules.ts';
import { saveLoanLimit } from '../../lib/libraries/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

interface Props {
  epustakaId: string;
  /** The saved limit. */
  limit: number;
  /** Only the owner may change it; administrators see it. */
  isOwner: boolean;
  onSaved: (limit: number) => void;
}

/** /membership: how many loans one member may have open from the library at a time. */
export function LoanLimitForm({ epustakaId, limit, isOwner, onSaved }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(limit));
  const [busy, setBusy] = useState(false);
  const parsed = Number(value);
  const valid = /^\d+$/.test(value) && parsed >= LOAN_LIMIT.min && parsed <= LOAN_LIMIT.max;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    const saved = await saveLoanLimit(t, epustakaId, parsed);
    setBusy(false);
    if (saved !== null) onSaved(saved);
  };

  if (!isOwner) {
    return <p className="text-base-content/70 text-sm" data-loan-limit-setting>{t('libraries.admin.loanLimitShown', { count: limit })}</p>;
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-loan-limit-setting>
      <div className="flex flex-col">
        <label htmlFor="loan-limit" className="mb-1 text-sm font-semibold">
          {t('libraries.admin.loanLimit')}
        </label>
        <input
          id="loan-limit"
          type="number"
          inputMode="numeric"
          min={LOAN_LIMIT.min}
          max={LOAN_LIMIT.max}
          step={1}
          required
          className={`input input-bordered w-28 ${valid ? '' : 'input-error'}`}
          value={value}
          aria-invalid={!valid}
          aria-describedby="loan-limit-help"
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-outline btn-primary" disabled={!valid || busy || parsed === limit} aria-busy={busy}>
        {t('libraries.admin.loanLimitSave')}
      </button>
      <p id="loan-limit-help" className={`w-full text-xs ${valid ? 'text-base-content/70' : 'text-error'}`}>
        {t('libraries.admin.loanLimitHelp', { min: LOAN_LIMIT.min, max: LOAN_LIMIT.max })}
      </p>
    </form>
  );
}
