import { useId, useState, type FormEvent } from 'react';
import type { Assignment } from '../../lib/schoolday/schema.ts';
import { formatSchoolTime } from '../../lib/schoolday/rules.ts';
import { handIn } from '../../lib/schoolday/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A student's assignment: its deadline, their hand-in (once), the grade and the teacher's comment. */
export function StudentAssignment({ assignment: a, zone, lang }: { assignment: Assignment; zone: string; lang: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const delivery = a.delivery ?? null;
  const pastDue = Date.now() > Date.parse(a.due_at);
  const mayHandIn = (!delivery || delivery.reopened) && !(pastDue && a.closed);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await handIn(t, a.id, { file, text: text.trim() })) {
      setFile(null);
      setText('');
    }
    setBusy(false);
  };
  return (
    <div>
      <p className="font-semibold">{a.title}</p>
      {a.instructions && <p className="mt-1 text-sm whitespace-pre-line">{a.instructions}</p>}
      <p className="text-base-content/70 mt-1 text-sm">
        {t('schoolday.assignment.due', { time: formatSchoolTime(a.due_at, zone, lang) })}
        {a.closed && <span className="badge badge-ghost ml-2">{t('schoolday.assignment.closed')}</span>}
      </p>
      {delivery && (
        <div className="bg-base-200 rounded-field mt-2 p-2 text-sm" data-delivery>
          <p>
            {t('schoolday.assignment.submitted', { time: formatSchoolTime(delivery.submitted_at, zone, lang) })}
            {delivery.late && <span className="badge badge-warning ml-2">{t('schoolday.assignment.late')}</span>}
          </p>
          {delivery.file && <a className="link link-primary" href={`/webhook/assignment-delivery-file?id=${delivery.id}`} download={delivery.file.name}>{t('schoolday.meeting.download', { name: delivery.file.name })}</a>}
          {delivery.text && <p className="mt-1 whitespace-pre-line">{delivery.text}</p>}
          <p className="mt-1 font-semibold" data-grade>{delivery.grade === null ? t('schoolday.assignment.notGraded') : t('schoolday.assignment.grade', { grade: delivery.grade })}</p>
          {delivery.comment && <p>{t('schoolday.assignment.comment', { comment: delivery.comment })}</p>}
          {delivery.reopened && <p className="text-info">{t('schoolday.assignment.reopened')}</p>}
        </div>
      )}
      {mayHandIn && (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-2" data-hand-in>
          <p className="text-base-content/70 text-xs">{t('schoolday.assignment.once')}</p>
          {pastDue && <p className="text-warning text-sm" role="status">{t('schoolday.assignment.lateWarning')}</p>}
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-file`}>
            {t('schoolday.assignment.file')}
            <input id={`${id}-file`} type="file" className="file-input file-input-bordered" accept=".pdf,.docx,.pptx,.xlsx,.jpg,.jpeg,.png,.gif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-text`}>
            {t('schoolday.assignment.text')}
            <textarea id={`${id}-text`} className="textarea textarea-bordered" rows={3} maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary self-start" disabled={busy || (!file && !text.trim())} aria-busy={busy}>{t('schoolday.assignment.handIn')}</button>
        </form>
      )}
    </div>
  );
}
