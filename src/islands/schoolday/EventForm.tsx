import { useId, useState, type FormEvent } from 'react';
import type { Lang } from '../../lib/contract/lang.ts';
import { createEvent, findSchoolPeople, type EventFormErrors } from '../../lib/schoolday/store.ts';
import { schoolInputToIso } from '../../lib/schoolday/rules.ts';
import type { PersonalEventInput, InvitablePerson } from '../../lib/schoolday/schema.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  /** The organiser's school zone (WIB, WITA or WIT): the start and end are typed on its clock. */
  zone: string;
}

/**
 * /schedule: a teacher or student of a school sets up an event (title, start and end on the
 * school's clock, place or link, description) and invites people of their school; on success the
 * event's page opens. The form is checked with the API's own schema, each message under its field.
 */
export const EventForm = withTexts(Form, ['schoolday', 'account', 'apiErrors', 'errors', 'common']);

function Form({ zone }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({ title: '', startDate: '', startTime: '', endDate: '', endTime: '', place: '', link: '', description: '' });
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [q, setQ] = useState('');
  const [found, setFound] = useState<InvitablePerson[] | null>(null);
  const [invited, setInvited] = useState<InvitablePerson[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const search = async () => setFound(await findSchoolPeople(t, q.trim()));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: PersonalEventInput = {
      title: form.title,
      starts_at: schoolInputToIso(form.startDate, form.startTime, zone) ?? '',
      ends_at: schoolInputToIso(form.endDate || form.startDate, form.endTime, zone) ?? '',
      invitee_ids: invited.map((p) => p.id),
      ...(form.place.trim() ? { place: form.place.trim() } : {}),
      ...(form.link.trim() ? { link: form.link.trim() } : {}),
      ...(form.description.trim() ? { description: form.description.trim() } : {}),
    };
    setErrors({});
    setBusy(true);
    const result = await createEvent(t, input);
    setBusy(false);
    if ('id' in result) window.location.assign(`/detail-personal-event/${result.id}`);
    else setErrors(result.errors);
  };

  const field = 'flex flex-col gap-1 text-sm';
  const message = (name: string) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="text-error text-sm" data-error={errors[name]}>
        {t(`schoolday.errors.${errors[name]}`, { defaultValue: t('schoolday.newEvent.invalid') })}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  return (
    <details className="bg-base-100 rounded-box mt-4 p-4 shadow-sm" data-new-event>
      <summary className="btn btn-sm btn-primary">{t('schoolday.newEvent.open')}</summary>
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" data-event-form>
        <p className="text-base-content/70 text-sm sm:col-span-2">{t('schoolday.newEvent.zone', { zone })}</p>
        <label className={`${field} sm:col-span-2`} htmlFor={`${id}-title`}>
          {t('schoolday.newEvent.title')}
          <input id={`${id}-title`} className="input input-bordered" maxLength={200} value={form.title} onChange={set('title')} {...described('title')} />
          {message('title')}
        </label>
        <label className={field} htmlFor={`${id}-sd`}>
          {t('schoolday.newEvent.startDate')}
          <input id={`${id}-sd`} type="date" className="input input-bordered" value={form.startDate} onChange={set('startDate')} {...described('starts_at')} />
        </label>
        <label className={field} htmlFor={`${id}-st`}>
          {t('schoolday.newEvent.startTime', { zone })}
          <input id={`${id}-st`} type="time" className="input input-bordered" value={form.startTime} onChange={set('startTime')} {...described('starts_at')} />
          {message('starts_at')}
        </label>
        <label className={field} htmlFor={`${id}-ed`}>
          {t('schoolday.newEvent.endDate')}
          <input id={`${id}-ed`} type="date" className="input input-bordered" value={form.endDate} onChange={set('endDate')} {...described('ends_at')} />
        </label>
        <label className={field} htmlFor={`${id}-et`}>
          {t('schoolday.newEvent.endTime', { zone })}
          <input id={`${id}-et`} type="time" className="input input-bordered" value={form.endTime} onChange={set('endTime')} {...described('ends_at')} />
          {message('ends_at')}
        </label>
        <label className={field} htmlFor={`${id}-place`}>
          {t('schoolday.newEvent.place')}
          <input id={`${id}-place`} className="input input-bordered" maxLength={200} value={form.place} onChange={set('place')} {...described('place')} />
          {message('place')}
        </label>
        <label className={field} htmlFor={`${id}-link`}>
          {t('schoolday.newEvent.link')}
          <input id={`${id}-link`} type="url" className="input input-bordered" maxLength={2000} value={form.link} onChange={set('link')} {...described('link')} />
          {message('link')}
        </label>
        <label className={`${field} sm:col-span-2`} htmlFor={`${id}-desc`}>
          {t('schoolday.newEvent.description')}
          <textarea id={`${id}-desc`} className="textarea textarea-bordered" rows={3} maxLength={10000} value={form.description} onChange={set('description')} />
          {message('description')}
        </label>
        <fieldset className="flex flex-col gap-2 sm:col-span-2" data-invitees>
          <legend className="text-sm">{t('schoolday.newEvent.invite')}</legend>
          <div className="flex gap-2">
            <input type="search" aria-label={t('schoolday.newEvent.search')} placeholder={t('schoolday.newEvent.search')} className="input input-bordered grow" value={q} onChange={(e) => setQ(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void search(); } }} />
            <button type="button" className="btn btn-outline" onClick={search}>{t('schoolday.newEvent.find')}</button>
          </div>
          {found && found.length === 0 && <p className="text-base-content/70 text-sm">{t('schoolday.newEvent.nobody')}</p>}
          {found && found.length > 0 && (
            <ul className="flex flex-col gap-1" data-people>
              {found.filter((p) => !invited.some((i) => i.id === p.id)).map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 text-sm">
                  <span>{p.name}</span>
                  <button type="button" className="btn btn-xs btn-outline" onClick={() => setInvited([...invited, p])} aria-label={t('schoolday.newEvent.inviteOne', { name: p.name })}>{t('schoolday.newEvent.add')}</button>
                </li>
              ))}
            </ul>
          )}
          {invited.length > 0 && (
            <ul className="flex flex-wrap gap-2" data-invited aria-label={t('schoolday.newEvent.invited')}>
              {invited.map((p) => (
                <li key={p.id} className="badge badge-outline gap-1 py-3">
                  {p.name}
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => setInvited(invited.filter((i) => i.id !== p.id))} aria-label={t('schoolday.newEvent.uninvite', { name: p.name })}>×</button>
                </li>
              ))}
            </ul>
          )}
          {message('invitee_ids')}
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>{t('schoolday.newEvent.save')}</button>
        </div>
      </form>
    </details>
  );
}
