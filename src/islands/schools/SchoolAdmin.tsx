import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { formatDate } from '../../lib/contract/format.ts';
import { schoolAdminPath } from '../../lib/schools/rules.ts';
import { $busy, $requests, $subjects, createSubject, decide, dropSubject, editSubject, loadSchool, notifySchoolError } from '../../lib/schools/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { SchoolClasses } from './SchoolClasses.tsx';
import { SchoolImport } from './SchoolImport.tsx';
import { ItemEdit } from './ItemEdit.tsx';

export type SchoolAdminTab = 'requests' | 'classes' | 'subjects' | 'import';
const TABS: SchoolAdminTab[] = ['requests', 'classes', 'subjects', 'import'];

interface Props {
  lang: Lang;
  /** The schools the caller administers. */
  schools: { id: string; name: string }[];
  schoolId: string;
  tab: SchoolAdminTab;
}

function Admin({ schools, schoolId: firstSchool, tab: firstTab, lang }: Props) {
  const { t } = useTranslation();
  const [schoolId, setSchoolId] = useState(firstSchool);
  const [tab, setTab] = useState<SchoolAdminTab>(firstTab);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setLoaded(false);
    loadSchool(schoolId).then(() => setLoaded(true), (e) => notifySchoolError(t, e));
  }, [schoolId, t]);

  const show = (nextSchool: string, nextTab: SchoolAdminTab) => {
    setSchoolId(nextSchool);
    setTab(nextTab);
    window.history.replaceState(null, '', schoolAdminPath(nextSchool, nextTab === 'subjects' ? undefined : nextTab));
  };

  return (
    <div className="flex flex-col gap-5" data-loaded={loaded ? 'true' : 'false'}>
      {schools.length > 1 ? (
        <div className="flex flex-col">
          <label htmlFor="school-picker" className="mb-1 text-sm font-semibold">{t('schools.admin.picker')}</label>
          <select id="school-picker" className="select select-bordered w-full" value={schoolId} onChange={(e) => show(e.target.value, tab)}>
            {schools.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
      ) : null}
      <div role="tablist" aria-label={t('schools.admin.tabsLabel')} className="tabs tabs-border max-[459px]:grid max-[459px]:grid-cols-2">
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" id={`school-tab-${id}`} aria-selected={tab === id} aria-controls="school-panel" className={`tab ${tab === id ? 'tab-active font-semibold' : ''}`} onClick={() => show(schoolId, id)}>
            {t(`schools.admin.tabs.${id}`)}
          </button>
        ))}
      </div>
      <section id="school-panel" role="tabpanel" aria-labelledby={`school-tab-${tab}`}>
        {tab === 'requests' ? <Requests schoolId={schoolId} lang={lang} /> : null}
        {tab === 'classes' ? <SchoolClasses schoolId={schoolId} /> : null}
        {tab === 'subjects' ? <Subjects schoolId={schoolId} /> : null}
        {tab === 'import' ? <SchoolImport schoolId={schoolId} /> : null}
      </section>
    </div>
  );
}

function Requests({ schoolId, lang }: { schoolId: string; lang: Lang }) {
  const { t } = useTranslation();
  const requests = useStore($requests);
  const busy = useStore($busy);
  const act = (userId: string, status: 1 | 2) =>
    decide(schoolId, userId, status).then(
      () => notify('success', t(status === 1 ? 'schools.admin.requests.approved' : 'schools.admin.requests.declined')),
      (e) => notifySchoolError(t, e),
    );
  if (requests.length === 0) return <p className="border-base-300 text-base-content/70 rounded-box border border-dashed px-6 py-10 text-center">{t('schools.admin.requests.empty')}</p>;
  return (
    <ul className="divide-base-300 bg-base-100 rounded-box divide-y shadow-sm">
      {requests.map((r) => (
        <li key={r.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-request={r.email}>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{`${r.full_name} · ${t(`schools.roles.${r.role}`)}`}</p>
            <p className="text-base-content/70 text-sm">
              {r.role === 'student'
                ? t('schools.admin.requests.studentLine', { nis: r.nis, nisn: r.nisn, classLabel: r.class_label })
                : t('schools.admin.requests.teacherLine', { nikNip: r.nik_nip })}
            </p>
            <p className="text-base-content/70 text-xs">{`${r.email} · ${t('schools.admin.requests.requestedAt', { date: formatDate(r.requested_at, lang, 'short') })}`}</p>
          </div>
          <div className="flex gap-2">
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy === r.user_id} onClick={() => act(r.user_id, 2)}>{t('schools.admin.requests.decline')}</button>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy === r.user_id} onClick={() => act(r.user_id, 1)}>{t('schools.admin.requests.approve')}</button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Subjects({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const subjects = useStore($subjects);
  const busy = useStore($busy);
  const [name, setName] = useState('');
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    createSubject(schoolId, name.trim()).then(
      () => {
        setName('');
        notify('success', t('schools.admin.subjects.added'));
      },
      (e) => notifySchoolError(t, e),
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-1 flex-col">
          <label htmlFor="subject-name" className="mb-1 text-sm font-semibold">{t('schools.admin.subjects.name')}</label>
          <input id="subject-name" className="input input-bordered w-full" required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy === 'subject' || !name.trim()}>{t('schools.admin.subjects.add')}</button>
      </form>
      {subjects.length === 0 ? (
        <p className="text-base-content/70 text-sm">{t('schools.admin.subjects.empty')}</p>
      ) : (
        <ul className="divide-base-300 bg-base-100 rounded-box divide-y shadow-sm">
          {subjects.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-2" data-subject={s.name}>
              <span className="min-w-0 flex-1 font-semibold">{s.name}</span>
              <ItemEdit name={s.name} fields={[{ key: 'name', label: t('schools.admin.subjects.name'), value: s.name }]} onSave={(v) => editSubject(s.id, v.name!.trim())} onRemove={() => dropSubject(s.id)} busy={busy === s.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The namespaces of texts this island uses: its page sends only these. */
/** /school/admin: the school picker and the tabs of a school admin's work. */
export const SchoolAdmin = withTexts(Admin, ['apiErrors', 'errors', 'schools']);
