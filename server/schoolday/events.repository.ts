import type { Queryable } from '../db/client.ts';
import type { Participant, PersonalEvent } from '../../src/lib/schoolday/schema.ts';
import { ZONE_LABEL, type ParticipantStatus } from '../../src/lib/schoolday/values.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';

/* Personal events and their invitees. */

interface EventRow {
  id: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  place: string | null;
  link: string | null;
  description: string | null;
  organizer_id: string;
  organizer_name: string;
  my_status: ParticipantStatus | null;
  time_zone: SchoolTimeZone;
}

function toEvent(r: EventRow, viewerId: string): PersonalEvent {
  return {
    id: r.id,
    title: r.title,
    starts_at: new Date(r.starts_at).toISOString(),
    ends_at: new Date(r.ends_at).toISOString(),
    place: r.place,
    link: r.link,
    description: r.description,
    organizer: { id: r.organizer_id, name: r.organizer_name },
    my_status: r.organizer_id === viewerId ? 'organizer' : (r.my_status ?? 'invited'),
    zone: ZONE_LABEL[r.time_zone] ?? 'WIB',
  };
}

const EVENT_SELECT = `SELECT e.*, u.name AS organizer_name, p.status AS my_status
  FROM personal_events e JOIN users u ON u.id = e.organizer_id
  LEFT JOIN personal_event_participants p ON p.event_id = e.id AND p.user_id = $2`;

/** An event as `viewerId` may see it: only its organiser and invitees see it at all. */
export async function findEventFor(db: Queryable, id: string, viewerId: string): Promise<PersonalEvent | null> {
  const { rows } = await db.query<EventRow>(`${EVENT_SELECT} WHERE e.id = $1 AND (e.organizer_id = $2 OR p.user_id IS NOT NULL)`, [id, viewerId]);
  return rows[0] ? toEvent(rows[0], viewerId) : null;
}

/** True when the event exists. */
export async function eventExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM personal_events WHERE id = $1', [id]);
  return rows.length > 0;
}

/** Events a person organises or was invited to (and did not decline) that overlap the range. */
export async function eventsBetween(db: Queryable, viewerId: string, from: Date, to: Date): Promise<PersonalEvent[]> {
  const { rows } = await db.query<EventRow>(
    `${EVENT_SELECT.replace('$2', '$1')}
      WHERE (e.organizer_id = $1 OR (p.user_id IS NOT NULL AND p.status <> 'declined')) AND e.ends_at > $2 AND e.starts_at < $3
      ORDER BY e.starts_at`,
    [viewerId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => toEvent(r, viewerId));
}

/** Inserts an event, with the zone it is shown in. */
export async function insertEvent(
  tx: Queryable,
  e: { organizer_id: string; title: string; starts_at: string; ends_at: string; place: string | null; link: string | null; description: string | null; time_zone: SchoolTimeZone },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO personal_events (organizer_id, title, starts_at, ends_at, place, link, description, time_zone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [e.organizer_id, e.title, e.starts_at, e.ends_at, e.place, e.link, e.description, e.time_zone],
  );
  return rows[0]!.id;
}

/** Invites people (each once). */
export async function insertParticipants(tx: Queryable, eventId: string, userIds: string[]): Promise<void> {
  await tx.query('INSERT INTO personal_event_participants (event_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [eventId, userIds]);
}

/** Of `userIds`, those who share an approved school membership with `organizerId`. */
export async function schoolmatesAmong(db: Queryable, organizerId: string, userIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT DISTINCT b.user_id FROM school_members a JOIN school_members b ON b.school_id = a.school_id AND b.status = 1
      WHERE a.user_id = $1 AND a.status = 1 AND b.user_id = ANY($2::uuid[])`,
    [organizerId, userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** The invitees of an event. */
export async function listParticipants(db: Queryable, eventId: string): Promise<Participant[]> {
  const { rows } = await db.query<Participant>(
    `SELECT p.user_id, u.name, p.status FROM personal_event_participants p JOIN users u ON u.id = p.user_id WHERE p.event_id = $1 ORDER BY u.name`,
    [eventId],
  );
  return rows;
}

/** Records an invitee's answer; false when they were not invited. */
export async function respond(tx: Queryable, eventId: string, userId: string, status: 'accepted' | 'declined', at: Date): Promise<boolean> {
  const { rows } = await tx.query('UPDATE personal_event_participants SET status = $3, responded_at = $4 WHERE event_id = $1 AND user_id = $2 RETURNING 1', [eventId, userId, status, at.toISOString()]);
  return rows.length > 0;
}

/** Approved members of the person's schools (not themselves) whose name matches, for invitations. */
export async function schoolPeople(db: Queryable, userId: string, q: string | undefined): Promise<{ id: string; name: string; role: string }[]> {
  const { rows } = await db.query<{ id: string; name: string; role: string }>(
    `SELECT DISTINCT b.user_id AS id, b.full_name AS name, b.role FROM school_members a
       JOIN school_members b ON b.school_id = a.school_id AND b.status = 1 AND b.user_id <> $1
      WHERE a.user_id = $1 AND a.status = 1 AND ($2::text IS NULL OR b.full_name ILIKE '%' || $2 || '%')
      ORDER BY name LIMIT 50`,
    [userId, q ?? null],
  );
  return rows;
}
