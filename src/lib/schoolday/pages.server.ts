import type { HttpClient } from '../http/http.ts';
import { ApiError } from '../http/errors.ts';
import * as calls from './api.ts';
import type { MeetingDetail, Participant, PersonalEvent, RequiredReading, ScheduleToday, ScheduleWeek } from './schema.ts';

/*
 * The school day's page loaders. A page shows what the API answers for the signed-in person: a
 * meeting's teacher view for its class's teachers, the student view for its students, and a
 * not-found page for anyone else (never someone else's attendance or hand-ins).
 */

/** What a loader found. */
export type Loaded<T> = { kind: 'ok'; value: T } | { kind: 'notFound' } | { kind: 'failed' };

const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 400);

/** /schedule: the week holding `date` (default today). */
export async function loadWeek(http: HttpClient, date: string | null): Promise<Loaded<ScheduleWeek>> {
  try {
    const valid = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
    return { kind: 'ok', value: await calls.getScheduleWeek(http, valid ? { date: valid } : {}) };
  } catch (error) {
    console.error('The timetable could not be loaded', error);
    return { kind: 'failed' };
  }
}

/** /detail-schedule/{id}: the teacher's view when the caller teaches the class, else the student's. */
export async function loadMeeting(http: HttpClient, id: string | undefined): Promise<Loaded<MeetingDetail>> {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return { kind: 'notFound' };
  try {
    return { kind: 'ok', value: await calls.getMeetingDetail(http, id, 'teacher') };
  } catch (error) {
    if (!isRefusal(error)) return failed(error);
  }
  try {
    return { kind: 'ok', value: await calls.getMeetingDetail(http, id, 'student') };
  } catch (error) {
    return isRefusal(error) ? { kind: 'notFound' } : failed(error);
  }
}

/** /detail-personal-event/{id}: for its organiser and invitees. */
export async function loadEvent(http: HttpClient, id: string | undefined): Promise<Loaded<{ event: PersonalEvent; participants: Participant[] }>> {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return { kind: 'notFound' };
  try {
    const event = await calls.getPersonalEvent(http, id);
    return { kind: 'ok', value: { event, participants: await calls.getParticipants(http, id) } };
  } catch (error) {
    return isRefusal(error) ? { kind: 'notFound' } : failed(error);
  }
}

/** The home page's agenda; null when the person has no class or it could not be loaded (the home goes on without it). */
export async function loadToday(http: HttpClient): Promise<ScheduleToday | null> {
  try {
    const today = await calls.getScheduleToday(http);
    return today.class_count > 0 ? today : null;
  } catch (error) {
    console.error("Today's agenda could not be loaded", error);
    return null;
  }
}

/** The shelf's required reading; empty when there is none or it could not be loaded (the shelf goes on without it). */
export async function loadRequiredReading(http: HttpClient): Promise<RequiredReading[]> {
  try {
    return await calls.getRequiredReading(http);
  } catch (error) {
    console.error('The required reading could not be loaded', error);
    return [];
  }
}

function failed(error: unknown): { kind: 'failed' } {
  console.error('A school day page could not be loaded', error);
  return { kind: 'failed' };
}
