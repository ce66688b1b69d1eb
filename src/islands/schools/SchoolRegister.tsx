import { useState, type ReactNode } from 'react';
import { NIK_NIP_PATTERN, NPSN_PATTERN, type FieldError } from '../../lib/schools/rules.ts';
import type { MySchool, SchoolRegisterInput } from '../../lib/schools/schema.ts';
import { fieldErrorsOf, notifySchoolError, registerNewSchool, schoolErrorText } from '../../lib/schools/store.ts';
import { SCHOOL_LEVELS, SCHOOL_STATUSES, SCHOOL_TIME_ZONES } from '../../lib/schools/values.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { usePlaces } from './usePlaces.ts';

type Draft = Partial<Record<keyof SchoolRegisterInput, string>>;

/**
 * Registering a school not yet in the list, by its NPSN, behind a disclosure under the join form:
 * the registrant becomes the new school's admin.
 */
export function SchoolRegister({ onRegistered }: { onRegistered: (joined: MySchool) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({ time_zone: 'Asia/Jakarta' });
  const [error, setError] = useState<FieldError | null>(null);
  const [sending, setSending] = useState(false);
  const { provinces, regencies } = usePlaces(t, draft.province_code);
  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value, ...(field === 'province_code' ? { regency_code: '' } : {}) }));
    if (error?.field === field) setError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The numbers are checked here as the API checks them, so a typo costs no request.
    const npsn = (draft.npsn ?? '').trim();
    if (!NPSN_PATTERN.test(npsn)) return setError({ field: 'npsn', code: npsn ? 'npsn_invalid' : 'npsn_required' });
    const nikNip = (draft.nik_nip ?? '').trim();
    if (!NIK_NIP_PATTERN.test(nikNip)) return setError({ field: 'nik_nip', code: nikNip ? 'nik_nip_invalid' : 'nik_nip_required' });
    setSending(true);
    try {
      const joined = await registerNewSchool(draft as SchoolRegisterInput);
      onRegistered(joined);
      setDraft({ time_zone: 'Asia/Jakarta' });
      notify('success', t('schools.register.done', { name: joined.school.name }));
    } catch (failure) {
      const first = fieldErrorsOf(failure)[0];
      if (first?.field) setError(first);
      else notifySchoolError(t, failure);
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof Draft, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1" key={name}>
      <label htmlFor={`register-${name}`} className="text-sm font-semibold">{label}</label>
      {control}
      {error?.field === name ? <p className="text-error text-sm">{schoolErrorText(t, error.code)}</p> : null}
    </div>
  );
  const text = (name: keyof Draft, label: string, numeric = false) =>
    field(name, label, <input id={`register-${name}`} className="input input-bordered w-full" inputMode={numeric ? 'numeric' : undefined} aria-invalid={error?.field === name || undefined} value={draft[name] ?? ''} onChange={(e) => set(name, e.target.value)} />);
  const choice = (name: keyof Draft, label: string, options: { value: string; label: string }[]) =>
    field(
      name,
      label,
      <select id={`register-${name}`} className="select select-bordered w-full" aria-invalid={error?.field === name || undefined} value={draft[name] ?? ''} onChange={(e) => set(name, e.target.value)}>
        <option value="">{t('schools.join.choose')}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>,
    );

  return (
    <details className="bg-base-100 rounded-box p-4 shadow-sm">
      <summary className="cursor-pointer font-semibold">{t('schools.register.heading')}</summary>
      <p className="text-base-content/70 mt-2 text-sm">{t('schools.register.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy={sending}>
        {text('npsn', t('schools.register.npsn'), true)}
        {text('name', t('schools.register.name'))}
        {choice('level', t('schools.register.level'), SCHOOL_LEVELS.map((l) => ({ value: l, label: l })))}
        {choice('status', t('schools.register.status'), SCHOOL_STATUSES.map((s) => ({ value: s, label: t(`schools.register.statuses.${s}`) })))}
        {choice('province_code', t('schools.join.province'), provinces.map((p) => ({ value: p.code, label: p.name })))}
        {choice('regency_code', t('schools.join.regency'), regencies.map((r) => ({ value: r.code, label: r.name })))}
        {text('address', t('schools.register.address'))}
        {choice('time_zone', t('schools.register.timeZone'), SCHOOL_TIME_ZONES.map((z) => ({ value: z, label: t(`schools.register.zones.${z.replace('/', '_')}`) })))}
        {text('full_name', t('schools.join.fullName'))}
        {choice('gender', t('schools.join.gender'), [{ value: 'L', label: t('schools.join.genderL') }, { value: 'P', label: t('schools.join.genderP') }])}
        {text('nik_nip', t('schools.join.nikNip'), true)}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-outline btn-primary" disabled={sending}>{t('schools.register.submit')}</button>
        </div>
      </form>
    </details>
  );
}
