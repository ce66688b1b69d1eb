import { useState, type FormEvent } from 'react';
import type { AttendanceRow } from '../../lib/schoolday/schema.ts';
import { ATTENDANCE_MARKS, type AttendanceMark, type AttendanceStatus } from '../../lib/schoolday/values.ts';
import { saveAttendance } from '../../lib/schoolday/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A teacher takes a meeting's attendance: present, permit, sick or alpha per student ("not yet" until marked). */
export function AttendanceTaker({ meetingId, students }: { meetingId: string; students: AttendanceRow[] }) {
  const { t } = useTranslation();
  const [marks, setMarks] = useState<Record<string, AttendanceStatus>>(Object.fromEntries(students.map((s) => [s.user_id, s.status])));
  const [busy, setBusy] = useState(false);
  const entries = students.flatMap((s) => (marks[s.user_id] && marks[s.user_id] !== 'not_yet' ? [{ user_id: s.user_id, status: marks[s.user_id] as AttendanceMark }] : []));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await saveAttendance(t, { meeting_id: meetingId, entries });
    setBusy(false);
  };
  return (
    <section className="bg-base-100 rounded-box p-4 shadow-sm sm:p-6" aria-labelledby="attendance">
      <h2 id="attendance" className="text-lg font-bold">{t('schoolday.attendance.title')}</h2>
      <form onSubmit={submit} data-attendance>
        <button type="button" className="btn btn-sm btn-ghost mt-2" onClick={() => setMarks(Object.fromEntries(students.map((s) => [s.user_id, 'present'])))}>
          {t('schoolday.attendance.allPresent')}
        </button>
        <ul className="mt-2 flex flex-col gap-2">
          {students.map((s) => (
            <li key={s.user_id}>
              <fieldset className="flex flex-wrap items-center gap-3" data-student={s.name}>
                <legend className="float-left mr-2 min-w-32 font-semibold">{s.name}</legend>
                {ATTENDANCE_MARKS.map((mark) => (
                  <label key={mark} className="flex items-center gap-1 text-sm">
                    <input type="radio" className="radio radio-sm" name={`attendance-${s.user_id}`} value={mark} checked={marks[s.user_id] === mark} onChange={() => setMarks({ ...marks, [s.user_id]: mark })} />
                    {t(`schoolday.attendance.${mark}`)}
                  </label>
                ))}
                {marks[s.user_id] === 'not_yet' && <span className="badge badge-ghost">{t('schoolday.attendance.not_yet')}</span>}
              </fieldset>
            </li>
          ))}
        </ul>
        <button type="submit" className="btn btn-primary mt-3" disabled={busy || entries.length === 0} aria-busy={busy}>{t('schoolday.attendance.save')}</button>
      </form>
    </section>
  );
}
