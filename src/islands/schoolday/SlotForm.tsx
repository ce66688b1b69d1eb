import { useId, useState, type FormEvent } from 'react';
import { addSlot } from '../../lib/schoolday/store.ts';
import { LESSON_HOURS, SCHOOL_DAYS } from '../../lib/schoolday/values.ts';
import type { Lang } from '../../lib/contract/lang.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  classes: { id: string; name: string }[];
  subjects: { id: string; name: string }[];
}

/** /schedule: a teacher adds a weekly lesson (class, day, lesson hours, subject, room or online link). */
export const SlotForm = withTexts(Form, ['schoolday', 'account', 'apiErrors', 'errors', 'common']);

function Form({ classes, subjects }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ class_id: classes[0]!.id, day_of_week: '1', lesson_from: '1', lesson_to: '2', subject_id: subjects[0]!.id, room: '', online_link: '' });
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok = await addSlot(t, {
      class_id: form.class_id,
      day_of_week: Number(form.day_of_week),
      lesson_from: Number(form.lesson_from),
      lesson_to: Number(form.lesson_to),
      subject_id: form.subject_id,
      ...(form.room.trim() ? { room: form.room.trim() } : {}),
      ...(form.online_link.trim() ? { online_link: form.online_link.trim() } : {}),
    });
    setBusy(false);
    if (ok) window.location.reload();
  };
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-slot-form>
      <h2 className="text-lg font-bold sm:col-span-2 lg:col-span-4">{t('schoolday.slot.title')}</h2>
      <label className={field}>
        {t('schoolday.slot.class')}
        <select className="select select-bordered" value={form.class_id} onChange={set('class_id')}>
          {classes.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </label>
      <label className={field}>
        {t('schoolday.slot.day')}
        <select className="select select-bordered" value={form.day_of_week} onChange={set('day_of_week')} name="day">
          {SCHOOL_DAYS.map((d) => <option key={d} value={d}>{t(`schoolday.days.${d}`)}</option>)}
        </select>
      </label>
      <label className={field}>
        {t('schoolday.slot.from')}
        <select className="select select-bordered" value={form.lesson_from} onChange={set('lesson_from')} name="from">
          {LESSON_HOURS.map((h, i) => <option key={h.start} value={i + 1}>{i + 1} ({h.start})</option>)}
        </select>
      </label>
      <label className={field}>
        {t('schoolday.slot.to')}
        <select className="select select-bordered" value={form.lesson_to} onChange={set('lesson_to')} name="to">
          {LESSON_HOURS.map((h, i) => <option key={h.end} value={i + 1}>{i + 1} ({h.end})</option>)}
        </select>
      </label>
      <label className={field}>
        {t('schoolday.slot.subject')}
        <select className="select select-bordered" value={form.subject_id} onChange={set('subject_id')}>
          {subjects.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-room`}>
        {t('schoolday.slot.room')}
        <input id={`${id}-room`} className="input input-bordered" maxLength={100} value={form.room} onChange={set('room')} />
      </label>
      <label className={`${field} sm:col-span-2`} htmlFor={`${id}-link`}>
        {t('schoolday.slot.link')}
        <input id={`${id}-link`} type="url" className="input input-bordered" maxLength={2000} value={form.online_link} onChange={set('online_link')} />
      </label>
      <div className="sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>{t('schoolday.slot.save')}</button>
      </div>
    </form>
  );
}
