import { useState, type FormEvent } from 'react';
import type { Assignment, Delivery } from '../../lib/schoolday/schema.ts';
import { formatSchoolTime } from '../../lib/schoolday/rules.ts';
import { grade, loadDeliveries, reopen, setAssignmentClosed } from '../../lib/schoolday/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A teacher's assignment: its hand-ins to download, grade with a comment or reopen, and closing it to late hand-ins. */
export function TeacherAssignment({ assignment: a, zone, lang }: { assignment: Assignment; zone: string; lang: string }) {
  const { t } = useTranslation();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const refresh = async () => setDeliveries(await loadDeliveries(t, a.id));
  return (
    <div>
      <p className="font-semibold">{a.title}</p>
      {a.instructions && <p className="mt-1 text-sm whitespace-pre-line">{a.instructions}</p>}
      <p className="text-base-content/70 mt-1 text-sm">{t('schoolday.assignment.due', { time: formatSchoolTime(a.due_at, zone, lang) })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={refresh} aria-expanded={deliveries !== null} data-show-deliveries>
          {t('schoolday.assignment.deliveries', { count: a.delivered_count ?? 0 })}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => void setAssignmentClosed(t, a.id, !a.closed)}>
          {a.closed ? t('schoolday.assignment.open') : t('schoolday.assignment.close')}
        </button>
      </div>
      {deliveries !== null &&
        (deliveries.length === 0 ? (
          <p className="text-base-content/70 mt-2 text-sm">{t('schoolday.assignment.noDeliveries')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {deliveries.map((d) => <DeliveryItem key={d.id} delivery={d} zone={zone} lang={lang} onChange={refresh} />)}
          </ul>
        ))}
    </div>
  );
}

function DeliveryItem({ delivery: d, zone, lang, onChange }: { delivery: Delivery; zone: string; lang: string; onChange: () => Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(d.grade === null ? '' : String(d.grade));
  const [comment, setComment] = useState(d.comment ?? '');
  const [busy, setBusy] = useState(false);
  const valid = /^\d{1,3}$/.test(value) && Number(value) <= 100;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await grade(t, d.id, Number(value), comment.trim())) await onChange();
    setBusy(false);
  };
  return (
    <li className="bg-base-200 rounded-field p-3 text-sm" data-delivery={d.student.name}>
      <p className="font-semibold">
        {d.student.name}
        {d.late && <span className="badge badge-warning ml-2">{t('schoolday.assignment.late')}</span>}
      </p>
      <p className="text-base-content/70">{t('schoolday.assignment.submitted', { time: formatSchoolTime(d.submitted_at, zone, lang) })}</p>
      {d.file && <a className="link link-primary" href={`/webhook/assignment-delivery-file?id=${d.id}`} download={d.file.name}>{t('schoolday.meeting.download', { name: d.file.name })}</a>}
      {d.text && <p className="mt-1 whitespace-pre-line"><span className="sr-only">{t('schoolday.assignment.answer')}: </span>{d.text}</p>}
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          {t('schoolday.assignment.gradeLabel')}
          <input type="number" min={0} max={100} step={1} inputMode="numeric" className="input input-bordered input-sm w-24" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={value !== '' && !valid} />
        </label>
        <label className="flex grow flex-col gap-1">
          {t('schoolday.assignment.commentLabel')}
          <input className="input input-bordered input-sm" maxLength={10000} value={comment} onChange={(e) => setComment(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-sm btn-primary" disabled={!valid || busy} aria-busy={busy}>{t('schoolday.assignment.saveGrade')}</button>
        {!d.reopened && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={async () => { if (await reopen(t, d.id)) await onChange(); }}>
            {t('schoolday.assignment.reopen')}
          </button>
        )}
      </form>
    </li>
  );
}
