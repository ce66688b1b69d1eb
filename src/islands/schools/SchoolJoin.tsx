import { cloneElement, isValidElement, useEffect, useState, type ReactElement } from 'react';
import { joinRequestErrors, schoolAdminPath, type FieldError, type JoinRequestDraft } from '../../lib/schools/rules.ts';
import type { MySchool, SchoolCard } from '../../lib/schools/schema.ts';
import { askToJoin, fieldErrorsOf, findSchools, notifySchoolError, schoolErrorText } from '../../lib/schools/store.ts';
import { GRADES_OF_LEVEL } from '../../lib/schools/values.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { usePlaces } from './usePlaces.ts';
import { SchoolRegister } from './SchoolRegister.tsx';

interface Props {
  /** The caller's memberships, read by the page. */
  mine: MySchool[];
}

const FIELD_ORDER = ['province_code', 'regency_code', 'school_id', 'status', 'full_name', 'gender', 'nik_nip', 'nis', 'nisn', 'grade', 'class_label'];

function Join({ mine: first }: Props) {
  const { t } = useTranslation();
  const [mine, setMine] = useState(first);
  const [schools, setSchools] = useState<SchoolCard[]>([]);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<JoinRequestDraft>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const set = (field: keyof JoinRequestDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((list) => list.filter((e) => e.field !== field));
  };

  const { provinces, regencies } = usePlaces(t, draft.province_code);
  useEffect(() => {
    setSchools([]);
    if (!draft.regency_code) return;
    const timer = setTimeout(() => {
      findSchools({ regency: draft.regency_code!, q: search || undefined, limit: 50 }).then((page) => setSchools(page.data), (e) => notifySchoolError(t, e));
    }, 250);
    return () => clearTimeout(timer);
  }, [draft.regency_code, search, t]);

  const school = schools.find((s) => s.id === draft.school_id);
  const grades = school ? GRADES_OF_LEVEL[school.level] : Array.from({ length: 12 }, (_, i) => i + 1);
  const errorOf = (field: string) => errors.find((e) => e.field === field);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = joinRequestErrors(draft);
    if (found.length > 0) return show(found);
    setSending(true);
    try {
      const joined = await askToJoin({ ...draft, grade: draft.grade === undefined ? undefined : Number(draft.grade) });
      setMine((list) => [joined, ...list.filter((m) => m.school.id !== joined.school.id)]);
      setDraft({});
      setSearch('');
      notify('success', t('schools.join.sent'));
    } catch (error) {
      const fields = fieldErrorsOf(error).filter((e) => e.field);
      if (fields.length > 0) show(fields);
      else notifySchoolError(t, error);
    } finally {
      setSending(false);
    }
  };
  const show = (list: FieldError[]) => {
    setErrors(list);
    const firstField = FIELD_ORDER.find((f) => list.some((e) => e.field === f));
    if (firstField) document.getElementById(`join-${firstField}`)?.focus();
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="my-schools">
        <h2 id="my-schools" className="mb-3 text-lg font-bold">{t('schools.my.heading')}</h2>
        {mine.length === 0 ? (
          <p className="text-base-content/70 text-sm">{t('schools.my.empty')}</p>
        ) : (
          <ul className="divide-base-300 bg-base-100 rounded-box divide-y shadow-sm" data-my-schools>
            {mine.map((m) => (
              <li key={m.school.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{m.school.name}</p>
                  <p className="text-base-content/70 text-sm">{`${t(`schools.roles.${m.role}`)} · ${m.school.regency_name} · NPSN ${m.school.npsn}`}</p>
                </div>
                <span className={`badge ${m.status === 1 ? 'badge-success' : m.status === 0 ? 'badge-warning' : 'badge-error'}`}>{t(`schools.status.${m.status}`)}</span>
                {m.role === 'admin' && m.status === 1 ? (
                  <a className="btn btn-primary btn-sm" href={schoolAdminPath(m.school.id)}>{t('schools.my.openAdmin')}</a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="join-heading">
        <h2 id="join-heading" className="mb-3 text-lg font-bold">{t('schools.join.heading')}</h2>
        <form noValidate onSubmit={submit} className="bg-base-100 rounded-box grid gap-4 p-4 shadow-sm sm:grid-cols-2" aria-busy={sending}>
          {errors.length > 0 ? <p role="alert" className="text-error text-sm sm:col-span-2">{t('schools.join.fixFields')}</p> : null}
          <Field id="province_code" label={t('schools.join.province')} error={errorOf('province_code')}>
            <select id="join-province_code" className="select select-bordered w-full" value={draft.province_code ?? ''} onChange={(e) => { set('province_code', e.target.value); set('regency_code', ''); set('school_id', ''); }}>
              <option value="">{t('schools.join.choose')}</option>
              {provinces.map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
            </select>
          </Field>
          <Field id="regency_code" label={t('schools.join.regency')} error={errorOf('regency_code')}>
            <select id="join-regency_code" className="select select-bordered w-full" value={draft.regency_code ?? ''} disabled={regencies.length === 0} onChange={(e) => { set('regency_code', e.target.value); set('school_id', ''); }}>
              <option value="">{t('schools.join.choose')}</option>
              {regencies.map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
            </select>
          </Field>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <label htmlFor="join-school-search" className="text-sm font-semibold">{t('schools.join.schoolSearch')}</label>
            <input id="join-school-search" type="search" className="input input-bordered w-full" value={search} disabled={!draft.regency_code} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <Field id="school_id" label={t('schools.join.school')} error={errorOf('school_id')} wide>
            <select id="join-school_id" className="select select-bordered w-full" value={draft.school_id ?? ''} disabled={!draft.regency_code} onChange={(e) => set('school_id', e.target.value)}>
              <option value="">{draft.regency_code && schools.length === 0 ? t('schools.join.noSchools') : t('schools.join.choose')}</option>
              {schools.map((s) => <option key={s.id} value={s.id}>{`${s.name} (${s.npsn})`}</option>)}
            </select>
          </Field>
          <Field id="status" label={t('schools.join.status')} error={errorOf('status')}>
            <select id="join-status" className="select select-bordered w-full" value={draft.status ?? ''} onChange={(e) => set('status', e.target.value)}>
              <option value="">{t('schools.join.choose')}</option>
              <option value="student">{t('schools.join.student')}</option>
              <option value="teacher">{t('schools.join.teacher')}</option>
            </select>
          </Field>
          <Field id="gender" label={t('schools.join.gender')} error={errorOf('gender')}>
            <select id="join-gender" className="select select-bordered w-full" value={draft.gender ?? ''} onChange={(e) => set('gender', e.target.value)}>
              <option value="">{t('schools.join.choose')}</option>
              <option value="L">{t('schools.join.genderL')}</option>
              <option value="P">{t('schools.join.genderP')}</option>
            </select>
          </Field>
          <Field id="full_name" label={t('schools.join.fullName')} error={errorOf('full_name')} wide>
            <input id="join-full_name" className="input input-bordered w-full" autoComplete="name" value={draft.full_name ?? ''} onChange={(e) => set('full_name', e.target.value)} />
          </Field>
          {draft.status === 'teacher' ? (
            <Field id="nik_nip" label={t('schools.join.nikNip')} error={errorOf('nik_nip')} wide>
              <input id="join-nik_nip" className="input input-bordered w-full" inputMode="numeric" value={draft.nik_nip ?? ''} onChange={(e) => set('nik_nip', e.target.value)} />
            </Field>
          ) : null}
          {draft.status === 'student' ? (
            <>
              <Field id="nis" label={t('schools.join.nis')} error={errorOf('nis')}>
                <input id="join-nis" className="input input-bordered w-full" inputMode="numeric" value={draft.nis ?? ''} onChange={(e) => set('nis', e.target.value)} />
              </Field>
              <Field id="nisn" label={t('schools.join.nisn')} error={errorOf('nisn')}>
                <input id="join-nisn" className="input input-bordered w-full" inputMode="numeric" value={draft.nisn ?? ''} onChange={(e) => set('nisn', e.target.value)} />
              </Field>
              <Field id="grade" label={t('schools.join.grade')} error={errorOf('grade')}>
                <select id="join-grade" className="select select-bordered w-full" value={String(draft.grade ?? '')} onChange={(e) => set('grade', e.target.value)}>
                  <option value="">{t('schools.join.choose')}</option>
                  {grades.map((g) => <option key={g} value={g}>{t('schools.join.gradeOption', { grade: g })}</option>)}
                </select>
              </Field>
              <Field id="class_label" label={t('schools.join.classLabel')} error={errorOf('class_label')}>
                <input id="join-class_label" className="input input-bordered w-full" value={draft.class_label ?? ''} onChange={(e) => set('class_label', e.target.value)} />
              </Field>
            </>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              {t('schools.join.submit')}
            </button>
          </div>
        </form>
      </section>
      <SchoolRegister onRegistered={(joined) => setMine((list) => [joined, ...list])} />
    </div>
  );
}

/** A labelled field with its translated error under it, tied to the control for assistive technology. */
function Field({ id, label, error, wide, children }: { id: string; label: string; error?: FieldError; wide?: boolean; children: ReactElement<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const control = isValidElement(children) && error ? cloneElement(children, { 'aria-invalid': true, 'aria-describedby': `join-${id}-error` }) : children;
  return (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`} data-field={id}>
      <label htmlFor={`join-${id}`} className="text-sm font-semibold">{label}</label>
      {control}
      {error ? <p className="text-error text-sm" id={`join-${id}-error`}>{schoolErrorText(t, error.code)}</p> : null}
    </div>
  );
}

/** The namespaces of texts this island uses: its page sends only these. */
/** /school: the caller's school memberships and the form to ask to join a school. */
export const SchoolJoin = withTexts(Join, ['apiErrors', 'errors', 'schools']);
