import { useId, useState, type FormEvent } from 'react';
import { addAssignment } from '../../lib/schoolday/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A teacher sets an assignment with a deadline (entered on the device's clock, sent as UTC). */
export function AddAssignment({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const dueAt = due ? new Date(due) : null;
  const ready = title.trim() !== '' && dueAt !== null && !Number.isNaN(dueAt.getTime());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !dueAt) return;
    setBusy(true);
    const ok = await addAssignment(t, { meeting_id: meetingId, title: title.trim(), due_at: dueAt.toISOString(), ...(instructions.trim() ? { instructions: instructions.trim() } : {}) });
    setBusy(false);
    if (ok) {
      setTitle('');
      setInstructions('');
      setDue('');
    }
  };
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <details className="mt-4">
      <summary className="btn btn-sm btn-outline">{t('schoolday.add.assignment')}</summary>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3" data-add-assignment>
        <label className={field} htmlFor={`${id}-title`}>
          {t('schoolday.add.title')}
          <input id={`${id}-title`} className="input input-bordered" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} name="title" />
        </label>
        <label className={field} htmlFor={`${id}-instructions`}>
          {t('schoolday.add.instructions')}
          <textarea id={`${id}-instructions`} className="textarea textarea-bordered" rows={3} maxLength={10000} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
        </label>
        <label className={field} htmlFor={`${id}-due`}>
          {t('schoolday.add.due')}
          <input id={`${id}-due`} type="datetime-local" className="input input-bordered" value={due} onChange={(e) => setDue(e.target.value)} name="due" />
        </label>
        <button type="submit" className="btn btn-primary self-start" disabled={!ready || busy} aria-busy={busy}>{t('schoolday.add.save')}</button>
      </form>
    </details>
  );
}
