import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $meeting } from '../../lib/schoolday/store.ts';
import type { Material, MeetingDetail } from '../../lib/schoolday/schema.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { StudentAssignment } from './StudentAssignment.tsx';
import { TeacherAssignment } from './TeacherAssignment.tsx';
import { AttendanceTaker } from './AttendanceTaker.tsx';
import { AddMaterial } from './AddMaterial.tsx';
import { AddAssignment } from './AddAssignment.tsx';

interface Props {
  lang: Lang;
  initial: MeetingDetail;
}

/**
 * /detail-schedule/{id}: a meeting's materials, required reading and assignments. A student hands
 * in and sees their own attendance and grades; a teacher adds materials and assignments, takes
 * attendance and grades the hand-ins.
 */
export const MeetingView = withTexts(View, ['schoolday', 'account', 'apiErrors', 'errors', 'common']);

function View({ initial, lang }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    $meeting.set(initial);
  }, [initial]);
  const detail = useStore($meeting) ?? initial;
  const teacher = detail.role === 'teacher';
  return (
    <div className="flex flex-col gap-6">
      {!teacher && (
        <p className="bg-base-100 rounded-box p-4 shadow-sm" data-own-attendance>
          <span className="font-semibold">{t('schoolday.meeting.attendance')}:</span> {t(`schoolday.attendance.${detail.attendance ?? 'not_yet'}`)}
        </p>
      )}
      <section className="bg-base-100 rounded-box p-4 shadow-sm sm:p-6" aria-labelledby="materials">
        <h2 id="materials" className="text-lg font-bold">{t('schoolday.meeting.materials')}</h2>
        {detail.materials.length === 0 ? (
          <p className="text-base-content/70 mt-2 text-sm">{t('schoolday.meeting.noMaterials')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3" data-materials>
            {detail.materials.map((m) => <MaterialItem key={m.id} material={m} />)}
          </ul>
        )}
        {teacher && <AddMaterial meetingId={detail.meeting.id} quizzes={detail.quizzes ?? []} />}
      </section>
      <section className="bg-base-100 rounded-box p-4 shadow-sm sm:p-6" aria-labelledby="required">
        <h2 id="required" className="text-lg font-bold">{t('schoolday.meeting.required')}</h2>
        {detail.books.length === 0 ? (
          <p className="text-base-content/70 mt-2 text-sm">{t('schoolday.meeting.noRequired')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" data-required>
            {detail.books.map((b) => (
              <li key={b.book_id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-semibold">{b.title}</span>
                  {b.author && <span className="text-base-content/70 text-sm"> · {b.author}</span>}
                </span>
                <a className="btn btn-sm btn-primary" href={b.epustaka_id ? `/book/${b.book_id}/${b.epustaka_id}` : `/book/${b.book_id}`}>{t('schoolday.meeting.openBook')}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="bg-base-100 rounded-box p-4 shadow-sm sm:p-6" aria-labelledby="assignments">
        <h2 id="assignments" className="text-lg font-bold">{t('schoolday.meeting.assignments')}</h2>
        {detail.assignments.length === 0 && <p className="text-base-content/70 mt-2 text-sm">{t('schoolday.meeting.noAssignments')}</p>}
        <ul className="mt-3 flex flex-col gap-4">
          {detail.assignments.map((a) => (
            <li key={a.id} className="border-base-300 rounded-field border p-3" data-assignment>
              {teacher ? <TeacherAssignment assignment={a} zone={detail.meeting.zone} lang={lang} /> : <StudentAssignment assignment={a} zone={detail.meeting.zone} lang={lang} />}
            </li>
          ))}
        </ul>
        {teacher && <AddAssignment meetingId={detail.meeting.id} />}
      </section>
      {teacher && detail.students && <AttendanceTaker meetingId={detail.meeting.id} students={detail.students} />}
    </div>
  );
}

function MaterialItem({ material: m }: { material: Material }) {
  const { t } = useTranslation();
  return (
    <li className="border-base-300 rounded-field border p-3" data-material={m.kind}>
      <p className="font-semibold">{m.title}</p>
      {m.kind === 'text' && m.body && <p className="mt-1 text-sm whitespace-pre-line">{m.body}</p>}
      {m.kind === 'link' && m.url && (
        <a className="link link-primary text-sm break-all" href={m.url} rel="noopener noreferrer nofollow" target="_blank">{t('schoolday.meeting.openLink')}: {m.url}</a>
      )}
      {m.kind === 'file' && m.file && (
        <a className="link link-primary text-sm" href={`/webhook/subject-material-file?id=${m.id}`} download={m.file.name}>{t('schoolday.meeting.download', { name: m.file.name })}</a>
      )}
      {m.kind === 'book' && m.book && (
        <a className="link link-primary text-sm" href={m.book.epustaka_id ? `/book/${m.book.id}/${m.book.epustaka_id}` : `/book/${m.book.id}`}>
          {t('schoolday.meeting.bookMaterial')}: {m.book.title}
        </a>
      )}
      {m.kind === 'quiz' && m.quiz && (
        <a className="btn btn-sm btn-primary mt-1" href={`/quiz/detail/${m.quiz.id}`}>{t('schoolday.meeting.openQuiz', { title: m.quiz.title })}</a>
      )}
      {m.kind === 'article' && m.article && (
        <a className="link link-primary text-sm" href={`/article/${m.article.id}`}>{t('schoolday.meeting.articleMaterial')}: {m.article.title}</a>
      )}
    </li>
  );
}
