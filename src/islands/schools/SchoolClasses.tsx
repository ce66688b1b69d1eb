import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { SchoolPerson } from '../../lib/schools/schema.ts';
import { $busy, $classes, $openClass, $subjects, $years, createClass, createYear, dropClass, dropYear, editClass, editYear, enrol, listSchoolMembers, loadClasses, notifySchoolError, openClass, unenrol } from '../../lib/schools/store.ts';
import { ItemEdit } from './ItemEdit.tsx';
import type { ClassRole } from '../../lib/schools/values.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** The classes tab: school years, a year's classes (each renamed or removed here), and the open class's students and teachers. */
export function SchoolClasses({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const years = useStore($years);
  const classes = useStore($classes);
  const open = useStore($openClass);
  const busy = useStore($busy);
  const [yearId, setYearId] = useState(years[0]?.id ?? '');
  const current = new Date().getFullYear();
  const [start, setStart] = useState(String(current));
  const [end, setEnd] = useState(String(current + 1));
  const [name, setName] = useState('');
  const [grade, setGrade] = useState('');

  useEffect(() => {
    if (!years.some((y) => y.id === yearId)) setYearId(years[0]?.id ?? '');
  }, [years, yearId]);
  const year = years.find((y) => y.id === yearId);
  useEffect(() => {
    void openClass(null);
    if (yearId) loadClasses(schoolId, yearId).catch((e) => notifySchoolError(t, e));
  }, [schoolId, yearId, t]);

  const addYear = (event: React.FormEvent) => {
    event.preventDefault();
    createYear(schoolId, Number(start), Number(end)).then(
      (year) => {
        setYearId(year.id);
        notify('success', t('schools.admin.years.added'));
      },
      (e) => notifySchoolError(t, e),
    );
  };
  const addClass = (event: React.FormEvent) => {
    event.preventDefault();
    createClass(schoolId, yearId, name.trim(), Number(grade)).then(
      () => {
        setName('');
        notify('success', t('schools.admin.classes.added'));
      },
      (e) => notifySchoolError(t, e),
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="years-heading" className="flex flex-col gap-3">
        <h2 id="years-heading" className="text-lg font-bold">{t('schools.admin.years.heading')}</h2>
        {years.length > 0 ? (
          <div className="flex flex-col">
            <label htmlFor="year-picker" className="mb-1 text-sm font-semibold">{t('schools.admin.years.choose')}</label>
            <select id="year-picker" className="select select-bordered w-full" value={yearId} onChange={(e) => setYearId(e.target.value)}>
              {years.map((y) => <option key={y.id} value={y.id}>{t('schools.admin.years.label', { start: y.start_year, end: y.end_year })}</option>)}
            </select>
            {year ? (
              <ItemEdit
                name={t('schools.admin.years.label', { start: year.start_year, end: year.end_year })}
                fields={[
                  { key: 'start', label: t('schools.admin.years.start'), value: String(year.start_year), numeric: true },
                  { key: 'end', label: t('schools.admin.years.end'), value: String(year.end_year), numeric: true },
                ]}
                onSave={(v) => editYear(year.id, Number(v.start), Number(v.end))}
                onRemove={() => dropYear(year.id)}
                busy={busy === year.id}
              />
            ) : null}
          </div>
        ) : (
          <p className="text-base-content/70 text-sm">{t('schools.admin.years.none')}</p>
        )}
        <form onSubmit={addYear} className="flex flex-wrap items-end gap-2">
          <NumberField id="year-start" label={t('schools.admin.years.start')} value={start} onChange={setStart} />
          <NumberField id="year-end" label={t('schools.admin.years.end')} value={end} onChange={setEnd} />
          <button type="submit" className="btn btn-outline btn-primary" disabled={busy === 'year'}>{t('schools.admin.years.add')}</button>
        </form>
      </section>

      {yearId ? (
        <section aria-labelledby="classes-heading" className="flex flex-col gap-3">
          <h2 id="classes-heading" className="text-lg font-bold">{t('schools.admin.classes.heading')}</h2>
          <form onSubmit={addClass} className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-40 flex-1 flex-col">
              <label htmlFor="class-name" className="mb-1 text-sm font-semibold">{t('schools.admin.classes.name')}</label>
              <input id="class-name" className="input input-bordered w-full" required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <NumberField id="class-grade" label={t('schools.admin.classes.grade')} value={grade} onChange={setGrade} />
            <button type="submit" className="btn btn-primary" disabled={busy === 'class' || !name.trim() || !grade}>{t('schools.admin.classes.add')}</button>
          </form>
          {classes.length === 0 ? (
            <p className="text-base-content/70 text-sm">{t('schools.admin.classes.empty')}</p>
          ) : (
            <ul className="divide-base-300 bg-base-100 rounded-box divide-y shadow-sm">
              {classes.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-class={c.name}>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{c.name}</p>
                    <p className="text-base-content/70 text-sm">{t('schools.admin.classes.counts', { students: c.student_count, teachers: c.teacher_count })}</p>
                  </div>
                  <ItemEdit
                    name={c.name}
                    fields={[
                      { key: 'name', label: t('schools.admin.classes.name'), value: c.name },
                      { key: 'grade', label: t('schools.admin.classes.grade'), value: String(c.grade), numeric: true },
                    ]}
                    onSave={(v) => editClass(schoolId, yearId, c.id, v.name!.trim(), Number(v.grade))}
                    onRemove={() => dropClass(c.id)}
                    busy={busy === c.id}
                  />
                  <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open?.id === c.id} onClick={() => openClass(open?.id === c.id ? null : c.id).catch((e) => notifySchoolError(t, e))}>
                    {open?.id === c.id ? t('schools.admin.classes.close') : t('schools.admin.classes.open')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {open ? <ClassPanel schoolId={schoolId} /> : null}
        </section>
      ) : null}
    </div>
  );
}

function NumberField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex w-32 flex-col">
      <label htmlFor={id} className="mb-1 text-sm font-semibold">{label}</label>
      <input id={id} type="number" inputMode="numeric" className="input input-bordered w-full" required value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The open class: its teachers and students, with forms to add and buttons to remove. */
function ClassPanel({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const open = useStore($openClass)!;
  const subjects = useStore($subjects);
  const busy = useStore($busy);
  const [people, setPeople] = useState<SchoolPerson[]>([]);
  useEffect(() => {
    listSchoolMembers(schoolId).then((page) => setPeople(page.data), (e) => notifySchoolError(t, e));
  }, [schoolId, t]);
  const remove = (userId: string) => unenrol(open.id, userId).then(() => notify('success', t('schools.admin.classes.removed')), (e) => notifySchoolError(t, e));
  const roles: ClassRole[] = ['teacher', 'student'];
  return (
    <div className="border-base-300 rounded-box flex flex-col gap-4 border p-4" data-open-class={open.name}>
      <h3 className="font-bold">{open.name}</h3>
      {roles.map((role) => {
        const members = open.members.filter((m) => m.role === role);
        return (
          <div key={role} className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">{t(role === 'teacher' ? 'schools.admin.classes.teachers' : 'schools.admin.classes.students')}</h4>
            {members.length === 0 ? (
              <p className="text-base-content/70 text-sm">{t(role === 'teacher' ? 'schools.admin.classes.noTeachers' : 'schools.admin.classes.noStudents')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {members.map((m) => (
                  <li key={m.user_id} className="flex items-center gap-2 text-sm">
                    <span className="flex-1">{[m.full_name, m.nis, m.subject_name].filter(Boolean).join(' · ')}</span>
                    <button type="button" className="btn btn-ghost btn-xs text-error" disabled={busy === m.user_id} onClick={() => remove(m.user_id)}>{t('schools.admin.classes.remove')}</button>
                  </li>
                ))}
              </ul>
            )}
            <AddMember classId={open.id} role={role} people={people.filter((p) => (role === 'student' ? p.role === 'student' : p.role !== 'student') && !open.members.some((m) => m.user_id === p.user_id))} subjects={role === 'teacher' ? subjects : []} />
          </div>
        );
      })}
    </div>
  );
}

function AddMember({ classId, role, people, subjects }: { classId: string; role: ClassRole; people: SchoolPerson[]; subjects: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const busy = useStore($busy);
  const [userId, setUserId] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    enrol(classId, userId, role, subjectId).then(
      () => {
        setUserId('');
        notify('success', t('schools.admin.classes.added_member'));
      },
      (e) => notifySchoolError(t, e),
    );
  };
  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-48 flex-1 flex-col">
        <label htmlFor={`add-${role}`} className="mb-1 text-xs font-semibold">{t(role === 'teacher' ? 'schools.admin.classes.addTeacher' : 'schools.admin.classes.addStudent')}</label>
        <select id={`add-${role}`} className="select select-bordered select-sm w-full" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">{t('schools.join.choose')}</option>
          {people.map((p) => <option key={p.user_id} value={p.user_id}>{`${p.full_name} (${p.email})`}</option>)}
        </select>
      </div>
      {role === 'teacher' ? (
        <div className="flex min-w-40 flex-col">
          <label htmlFor="add-teacher-subject" className="mb-1 text-xs font-semibold">{t('schools.admin.classes.subject')}</label>
          <select id="add-teacher-subject" className="select select-bordered select-sm w-full" value={subjectId} onChange={(e) => setSubjectId(e.target.value)}>
            <option value="">{t('schools.admin.classes.noSubject')}</option>
            {subjects.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn-sm btn-primary" disabled={!userId || busy === 'member'}>{t('schools.admin.classes.add_member')}</button>
    </form>
  );
}
