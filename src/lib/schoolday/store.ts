import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { isSilentError } from '../http/errors.ts';
import { notify, notifyError } from '../shell/store.ts';
import * as calls from './api.ts';
import { searchBooks } from '../people/api.ts';
import type { AssignmentInput, AttendanceInput, MaterialArticle, MaterialInput, MeetingDetail, Participant, PersonalEvent, PersonalEventInput, InvitablePerson } from './schema.ts';

/*
 * The school day's state in the browser: the meeting on /detail-schedule/{id} (refetched after each
 * change, so what shows is what the server keeps) and the event on /detail-personal-event/{id}.
 * Actions answer true when they succeeded and tell the user, in their language, either way.
 */

/** The meeting shown, as the server last answered. */
export const $meeting = atom<MeetingDetail | null>(null);
/** The event shown and its invitees. */
export const $event = atom<{ event: PersonalEvent; participants: Participant[] } | null>(null);

/** Shows a failed call: the school day's own text for its codes, the common one otherwise. */
export function notifySchooldayError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  const code = (error as { code?: string } | null)?.code;
  const own = code ? t(`schoolday.errors.${code}`, { defaultValue: '' }) : '';
  if (own) notify('error', own);
  else notifyError(t, error);
}

async function run(t: TFunction, action: () => Promise<unknown>, done: string | null): Promise<boolean> {
  try {
    await action();
    const meeting = $meeting.get();
    if (meeting) $meeting.set(await calls.getMeetingDetail(api, meeting.meeting.id, meeting.role));
    if (done) notify('success', t(done));
    return true;
  } catch (error) {
    notifySchooldayError(t, error);
    return false;
  }
}

/** A student hands in a file or a text. */
export function handIn(t: TFunction, assignmentId: string, input: { file: File | null; text: string }): Promise<boolean> {
  return run(t, () => calls.handIn(api, assignmentId, input), 'schoolday.assignment.submittedOk');
}

/** A teacher saves attendance marks. */
export function saveAttendance(t: TFunction, input: AttendanceInput): Promise<boolean> {
  return run(t, () => calls.saveAttendance(api, input), 'schoolday.attendance.saved');
}

/** A teacher adds a text, a link or a library book (and may make the book required reading). */
export function addMaterial(t: TFunction, input: MaterialInput, required: boolean): Promise<boolean> {
  return run(
    t,
    async () => {
      await calls.addMaterial(api, input);
      if (required && input.kind === 'book') await calls.addRequiredBook(api, input.meeting_id, input.book_id);
    },
    'schoolday.add.saved',
  );
}

/** A teacher uploads a material file. */
export function addMaterialFile(t: TFunction, meetingId: string, title: string, file: File): Promise<boolean> {
  return run(t, () => calls.addMaterialFile(api, meetingId, title, file), 'schoolday.add.saved');
}

/** A teacher sets an assignment. */
export function addAssignment(t: TFunction, input: AssignmentInput): Promise<boolean> {
  return run(t, () => calls.addAssignment(api, input), 'schoolday.add.savedAssignment');
}

/** A teacher closes an assignment to late hand-ins or opens it again. */
export function setAssignmentClosed(t: TFunction, id: string, closed: boolean): Promise<boolean> {
  return run(t, () => calls.setAssignmentClosed(api, id, closed), null);
}

/** A teacher grades a hand-in. */
export function grade(t: TFunction, id: string, value: number, comment: string): Promise<boolean> {
  return run(t, () => calls.gradeDelivery(api, id, value, comment), 'schoolday.assignment.graded');
}

/** A teacher lets a student hand in once more. */
export function reopen(t: TFunction, id: string): Promise<boolean> {
  return run(t, () => calls.reopenDelivery(api, id), 'schoolday.assignment.reopenedOk');
}

/** The hand-ins of an assignment (a teacher's list); empty after a failure, which is shown. */
export async function loadDeliveries(t: TFunction, assignmentId: string) {
  try {
    return await calls.getDeliveries(api, assignmentId);
  } catch (error) {
    notifySchooldayError(t, error);
    return [];
  }
}

/** An invitee accepts or declines; the event and its invitees are read again. */
export async function respond(t: TFunction, id: string, status: 'accepted' | 'declined'): Promise<boolean> {
  try {
    await calls.respondToEvent(api, id, status);
    $event.set({ event: await calls.getPersonalEvent(api, id), participants: await calls.getParticipants(api, id) });
    notify('success', t('schoolday.event.answered'));
    return true;
  } catch (error) {
    notifySchooldayError(t, error);
    return false;
  }
}

/** A teacher adds a weekly lesson; the page reloads to show the new week. */
export async function addSlot(t: TFunction, input: Parameters<typeof calls.addTimetableSlot>[1]): Promise<boolean> {
  try {
    await calls.addTimetableSlot(api, input);
    notify('success', t('schoolday.slot.saved'));
    return true;
  } catch (error) {
    notifySchooldayError(t, error);
    return false;
  }
}

/** Catalogue books matching `q`, for choosing a book material or required reading. */
export async function findBooks(t: TFunction, q: string): Promise<{ id: string; title: string; author: string | null }[]> {
  try {
    const { data } = await searchBooks(api, { q, limit: 8 });
    return data.map((b) => ({ id: b.id, title: b.book_title, author: b.book_author }));
  } catch (error) {
    notifySchooldayError(t, error);
    return [];
  }
}

/** Articles a teacher may add as a material, by a piece of their title; none (and a message) when the search fails. */
export async function findArticles(t: TFunction, q: string): Promise<MaterialArticle[]> {
  try {
    return await calls.getArticleChoices(api, q);
  } catch (error) {
    notifySchooldayError(t, error);
    return [];
  }
}

/** A form's message codes by field (`title`, `starts_at`, `ends_at`, `link`, ...). */
export type EventFormErrors = Record<string, string>;

/**
 * Sets up an event and answers its id; on a refusal answers the codes by field (a code without a
 * field is shown as a notification). The API checks the form with the contract's schema, so the
 * page carries no schema code of its own.
 */
export async function createEvent(t: TFunction, input: PersonalEventInput): Promise<{ id: string } | { errors: EventFormErrors }> {
  try {
    return { id: await calls.createPersonalEvent(api, input) };
  } catch (error) {
    const list = (error as { body?: { errors?: { code?: string; field?: string }[] } } | null)?.body?.errors ?? [];
    const errors: EventFormErrors = {};
    for (const e of list) if (e.code && e.field) errors[e.field] ??= e.code;
    if (Object.keys(errors).length === 0) notifySchooldayError(t, error);
    return { errors };
  }
}

/** People of the caller's schools whose name holds `q`; empty after a failure, which is shown. */
export async function findSchoolPeople(t: TFunction, q: string): Promise<InvitablePerson[]> {
  try {
    return await calls.getSchoolPeople(api, q);
  } catch (error) {
    notifySchooldayError(t, error);
    return [];
  }
}
