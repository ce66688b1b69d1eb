import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { REPORT_REASONS, type ReportReason } from '../../lib/contract/values.ts';
import { $reporting, $reviewBusy, reportComment } from '../../lib/ratings/reviews-store.ts';
import { Modal } from '../shell/Modal.tsx';

/** Report someone else's comment with one of four reasons; OK waits for a reason. */
export function ReportDialog() {
  const { t } = useTranslation();
  const rating = useStore($reporting);
  return (
    <Modal open={rating !== null} onClose={() => $reporting.set(null)} title={t('catalogue.report.title')} widthClass="max-w-md">
      <ReportForm />
    </Modal>
  );
}

function ReportForm() {
  const { t } = useTranslation();
  const id = useId();
  const busy = useStore($reviewBusy);
  const [reason, setReason] = useState<ReportReason | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) void reportComment(t, reason);
      }}
    >
      <fieldset>
        <legend className="text-base-content/80 mb-3 text-sm">{t('catalogue.report.intro')}</legend>
        <div className="flex flex-col gap-2">
          {REPORT_REASONS.map((value) => (
            <label key={value} htmlFor={`${id}-${value}`} className="border-base-300 has-checked:border-primary has-checked:bg-primary/5 flex cursor-pointer items-start gap-3 rounded-field border p-3 text-sm">
              <input id={`${id}-${value}`} type="radio" name={`${id}-reason`} className="radio radio-primary radio-sm mt-0.5" checked={reason === value} onChange={() => setReason(value)} />
              {t(`catalogue.report.reasons.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => $reporting.set(null)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={reason === null || busy}>
          {t('common.ok')}
        </button>
      </div>
    </form>
  );
}
