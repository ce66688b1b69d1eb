import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import { $event, respond } from '../../lib/schoolday/store.ts';
import { formatSchoolTime } from '../../lib/schoolday/rules.ts';
import type { Participant, PersonalEvent } from '../../lib/schoolday/schema.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  initial: { event: PersonalEvent; participants: Participant[] };
}

/** /detail-personal-event/{id}: the event, its invitees and their answers; an invitee accepts or declines. */
export const EventView = withTexts(View, ['schoolday', 'account', 'apiErrors', 'errors', 'common']);

function View({ lang, initial }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    $event.set(initial);
  }, [initial]);
  const { event, participants } = useStore($event) ?? initial;
  const [busy, setBusy] = useState(false);
  const answer = async (status: 'accepted' | 'declined') => {
    setBusy(true);
    await respond(t, event.id, status);
    setBusy(false);
  };
  return (
    <article className="mt-2">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{event.title}</h1>
      <p className="text-base-content/70 mt-1">{t('schoolday.event.when', { start: formatSchoolTime(event.starts_at, event.zone, lang), end: formatSchoolTime(event.ends_at, event.zone, lang) })}</p>
      <p className="text-base-content/70 text-sm">{t('schoolday.event.organizer', { name: event.organizer.name })}</p>
      {event.place && <p className="mt-2">{t('schoolday.event.place', { place: event.place })}</p>}
      {event.link && <a className="btn btn-sm btn-outline mt-2" href={event.link} rel="noopener noreferrer nofollow" target="_blank">{t('schoolday.event.link')}</a>}
      {event.description && <p className="mt-3 whitespace-pre-line">{event.description}</p>}
      {event.my_status !== 'organizer' && (
        <div className="bg-base-100 rounded-box mt-4 flex flex-wrap items-center gap-2 p-4 shadow-sm" data-event-answer>
          <p className="grow" role="status">{t('schoolday.event.yourAnswer', { status: t(`schoolday.event.status.${event.my_status}`) })}</p>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy || event.my_status === 'accepted'} onClick={() => answer('accepted')}>{t('schoolday.event.accept')}</button>
          <button type="button" className="btn btn-outline btn-sm" disabled={busy || event.my_status === 'declined'} onClick={() => answer('declined')}>{t('schoolday.event.decline')}</button>
        </div>
      )}
      <section className="mt-6" aria-labelledby="participants">
        <h2 id="participants" className="text-lg font-bold">{t('schoolday.event.participants')}</h2>
        {participants.length === 0 ? (
          <p className="text-base-content/70 mt-2 text-sm">{t('schoolday.event.noParticipants')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1" data-participants>
            {participants.map((p) => (
              <li key={p.user_id} className="flex justify-between gap-2">
                <span>{p.name}</span>
                <span className="text-base-content/70 text-sm">{t(`schoolday.event.status.${p.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
