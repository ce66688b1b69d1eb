import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { schoolOfUser } from '../schools/membership.repository.ts';
import type { Participant, PersonalEvent, PersonalEventInput } from '../../src/lib/schoolday/schema.ts';
import * as repo from './events.repository.ts';
import { notifyInvitation } from './notifications.ts';

/*
 * Personal events: a teacher or a student sets one up and invites people of their school, who are
 * told and accept or decline. Only the organiser and the invitees see an event.
 */

/**
 * POST webhook/personal-event: only an approved member of a school sets one up (403
 * `not_school_member`), and it keeps that school's zone; invitees must share a school with the
 * organiser (400 `invitee_not_in_school`).
 */
export async function createEvent(deps: ApiDeps, caller: UserRow, input: PersonalEventInput): Promise<string> {
  const school = await schoolOfUser(deps.db, caller.id);
  if (!school) throw forbidden('not_school_member', 'Only people of a school set up events.');
  const invitees = [...new Set(input.invitee_ids ?? [])].filter((id) => id !== caller.id);
  const mates = await repo.schoolmatesAmong(deps.db, caller.id, invitees);
  if (invitees.some((id) => !mates.has(id))) throw badRequest('invitee_not_in_school', 'Invite only people of your school.', 'invitee_ids');
  return inTransaction(deps.db, async (tx) => {
    const id = await repo.insertEvent(tx, {
      organizer_id: caller.id,
      title: input.title,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      place: input.place || null,
      link: input.link || null,
      description: input.description || null,
      time_zone: school.time_zone,
    });
    await repo.insertParticipants(tx, id, invitees);
    await notifyInvitation(tx, id, input.title, caller.id, invitees);
    return id;
  });
}

async function visibleEvent(deps: ApiDeps, caller: UserRow, id: string): Promise<PersonalEvent> {
  const event = await repo.findEventFor(deps.db, id, caller.id);
  if (event) return event;
  if (await repo.eventExists(deps.db, id)) throw forbidden('not_invited', 'Only the organiser and the invitees see this event.');
  throw notFound('event_not_found', 'This event does not exist.');
}

/** GET webhook/personal-event-detail. */
export function eventDetail(deps: ApiDeps, caller: UserRow, id: string): Promise<PersonalEvent> {
  return visibleEvent(deps, caller, id);
}

/** GET webhook/personal-event-participant-list. */
export async function participantList(deps: ApiDeps, caller: UserRow, id: string): Promise<Participant[]> {
  await visibleEvent(deps, caller, id);
  return repo.listParticipants(deps.db, id);
}

/** POST webhook/personal-event-response: an invitee accepts or declines (and may change their mind). */
export async function respondToEvent(deps: ApiDeps, caller: UserRow, id: string, status: 'accepted' | 'declined'): Promise<void> {
  const event = await visibleEvent(deps, caller, id);
  if (event.my_status === 'organizer') throw badRequest('organizer_cannot_respond', 'The organiser does not answer their own invitation.');
  await inTransaction(deps.db, (tx) => repo.respond(tx, id, caller.id, status, deps.now()));
}

/** GET webhook/school-people: people of the caller's schools to invite (name search). */
export async function invitablePeople(deps: ApiDeps, caller: UserRow, q: string | undefined) {
  return repo.schoolPeople(deps.db, caller.id, q);
}
