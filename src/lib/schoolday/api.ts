import type { HttpClient } from '../http/http.ts';
import type { ItemBody } from '../contract/common.ts';
import type {
  AssignmentInput,
  AttendanceInput,
  Delivery,
  MaterialArticle,
  MaterialInput,
  MeetingDetail,
  Participant,
  PersonalEvent,
  PersonalEventInput,
  RequiredReading,
  InvitablePerson,
  ScheduleListQuery,
  ScheduleToday,
  ScheduleWeek,
  TimetableSlotInput,
} from './schema.ts';

/* Calls of the school day (webhook/schedule-*, subject-material*, mandatory-book*, assignment*, attendance, personal-event*). */

/** GET webhook/schedule-list. */
export async function getScheduleWeek(http: HttpClient, params: ScheduleListQuery): Promise<ScheduleWeek> {
  return (await http.get<ItemBody<ScheduleWeek>>('webhook/schedule-list', { ...params })).data;
}

/** GET webhook/schedule-today. */
export async function getScheduleToday(http: HttpClient): Promise<ScheduleToday> {
  return (await http.get<ItemBody<ScheduleToday>>('webhook/schedule-today')).data;
}

/** GET webhook/schedule-detail-teacher or schedule-detail-student. */
export async function getMeetingDetail(http: HttpClient, id: string, as: 'teacher' | 'student'): Promise<MeetingDetail> {
  return (await http.get<ItemBody<MeetingDetail>>(`webhook/schedule-detail-${as}`, { id })).data;
}

/** POST webhook/timetable-slot. */
export async function addTimetableSlot(http: HttpClient, input: TimetableSlotInput): Promise<void> {
  await http.post('webhook/timetable-slot', input);
}

/** POST webhook/subject-material. */
export async function addMaterial(http: HttpClient, input: MaterialInput): Promise<void> {
  await http.post('webhook/subject-material', input);
}

/** POST webhook/subject-material-file (multipart). */
export async function addMaterialFile(http: HttpClient, meetingId: string, title: string, file: File): Promise<void> {
  const form = new FormData();
  form.set('meeting_id', meetingId);
  form.set('title', title);
  form.set('file', file, file.name);
  await http.post('webhook/subject-material-file', form);
}

/** POST webhook/mandatory-book. */
export async function addRequiredBook(http: HttpClient, meetingId: string, bookId: string): Promise<void> {
  await http.post('webhook/mandatory-book', { meeting_id: meetingId, book_id: bookId });
}

/** POST webhook/assignment. */
export async function addAssignment(http: HttpClient, input: AssignmentInput): Promise<void> {
  await http.post('webhook/assignment', input);
}

/** PATCH webhook/assignment. */
export async function setAssignmentClosed(http: HttpClient, id: string, closed: boolean): Promise<void> {
  await http.patch('webhook/assignment', { id, closed });
}

/** POST webhook/assignment-delivery (multipart): a file or a text. */
export async function handIn(http: HttpClient, assignmentId: string, input: { file: File | null; text: string }): Promise<Delivery> {
  const form = new FormData();
  form.set('assignment_id', assignmentId);
  if (input.text) form.set('text', input.text);
  if (input.file) form.set('file', input.file, input.file.name);
  return (await http.post<ItemBody<Delivery>>('webhook/assignment-delivery', form)).data;
}

/** GET webhook/assignment-delivery-list. */
export async function getDeliveries(http: HttpClient, assignmentId: string): Promise<Delivery[]> {
  return (await http.get<ItemBody<Delivery[]>>('webhook/assignment-delivery-list', { id: assignmentId })).data;
}

/** POST webhook/assignment-grade. */
export async function gradeDelivery(http: HttpClient, id: string, grade: number, comment: string): Promise<void> {
  await http.post('webhook/assignment-grade', { id, grade, ...(comment ? { comment } : {}) });
}

/** POST webhook/assignment-delivery-reopen. */
export async function reopenDelivery(http: HttpClient, id: string): Promise<void> {
  await http.post('webhook/assignment-delivery-reopen', { id });
}

/** POST webhook/attendance. */
export async function saveAttendance(http: HttpClient, input: AttendanceInput): Promise<void> {
  await http.post('webhook/attendance', input);
}

/** GET webhook/personal-event-detail. */
export async function getPersonalEvent(http: HttpClient, id: string): Promise<PersonalEvent> {
  return (await http.get<ItemBody<PersonalEvent>>('webhook/personal-event-detail', { id })).data;
}

/** GET webhook/personal-event-participant-list. */
export async function getParticipants(http: HttpClient, id: string): Promise<Participant[]> {
  return (await http.get<ItemBody<Participant[]>>('webhook/personal-event-participant-list', { id })).data;
}

/** POST webhook/personal-event-response. */
export async function respondToEvent(http: HttpClient, id: string, status: 'accepted' | 'declined'): Promise<void> {
  await http.post('webhook/personal-event-response', { id, status });
}

/** GET webhook/mandatory-book-list without a meeting: the caller's required reading. */
export async function getRequiredReading(http: HttpClient): Promise<RequiredReading[]> {
  return (await http.get<ItemBody<RequiredReading[]>>('webhook/mandatory-book-list')).data;
}

/** POST webhook/personal-event: answers the new event's id. */
export async function createPersonalEvent(http: HttpClient, input: PersonalEventInput): Promise<string> {
  return (await http.post<ItemBody<{ id: string }>>('webhook/personal-event', input)).data.id;
}

/** GET webhook/school-people: people of the caller's schools whose name matches, to invite. */
export async function getSchoolPeople(http: HttpClient, q: string): Promise<InvitablePerson[]> {
  return (await http.get<ItemBody<InvitablePerson[]>>('webhook/school-people', { q })).data;
}

/** GET webhook/subject-material-article-list: articles that may be added as a material, whose title holds `q`. */
export async function getArticleChoices(http: HttpClient, q: string): Promise<MaterialArticle[]> {
  return (await http.get<ItemBody<MaterialArticle[]>>('webhook/subject-material-article-list', { q })).data;
}
