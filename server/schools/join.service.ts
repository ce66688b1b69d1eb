import type { ApiDeps } from '../deps.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { isUuid } from '../http/list-params.ts';
import { joinRequestErrors, SCHOOL_PAGES, schoolAdminPath, type FieldError } from '../../src/lib/schools/rules.ts';
import type { JoinRequestInput, MySchool, SchoolRegisterInput } from '../../src/lib/schools/schema.ts';
import { findMembership, findSchool, insertSchool, mySchools, provinceOfRegency, schoolAdminIds, takenNumber, upsertMembership, type MemberFields } from './schools.repository.ts';
import type { SchoolLevel, SchoolTimeZone } from '../../src/lib/schools/values.ts';

/*
 * Joining a school and registering a new one. A join request names the school's place and the
 * person's identity for the role they ask for; it waits for a school admin. One waiting or approved
 * membership per person and school; a declined one may be asked again.
 */

/** A 400 listing every field error of a form at once (the first one's code is the answer's code). */
export class FieldErrors extends ApiError {
  readonly fields: FieldError[];
  constructor(fields: FieldError[]) {
    super(400, fields[0]!.code, `${fields[0]!.field}: ${fields[0]!.code}`, { field: fields[0]!.field });
    this.fields = fields;
  }
}

const NUMBER_TAKEN: Record<'nis' | 'nisn' | 'nik_nip', [string, string]> = {
  nis: ['nis_taken', 'This NIS is already used by someone at this school.'],
  nisn: ['nisn_taken', 'This NISN is already used by someone at this school.'],
  nik_nip: ['nik_nip_taken', 'This NIK/NIP is already used by someone at this school.'],
};

/** Sends a join request for the caller; the school's admins are told. */
export async function requestToJoin(deps: ApiDeps, caller: { id: string; organization_id: string }, input: JoinRequestInput): Promise<MySchool> {
  const errors = joinRequestErrors(input);
  if (errors.length > 0) throw new FieldErrors(errors);
  const school = isUuid(input.school_id) ? await findSchool(deps.db, { id: input.school_id }) : null;
  // A school of another organisation does not exist for this caller.
  if (!school || school.organization_id !== caller.organization_id) throw notFound('school_not_found', 'This school does not exist.');
  if (school.regency_code !== input.regency_code || school.province_code !== input.province_code) {
    throw badRequest('school_not_in_regency', 'This school is not in the chosen regency or city.', 'school_id');
  }
  const student = input.status === 'student';
  const fields: MemberFields = {
    role: student ? 'student' : 'teacher',
    fullName: input.full_name!.trim(),
    gender: input.gender as 'L' | 'P',
    nikNip: student ? null : input.nik_nip!.trim(),
    nis: student ? input.nis!.trim() : null,
    nisn: student ? input.nisn!.trim() : null,
    grade: student ? Number(input.grade) : null,
    classLabel: student ? input.class_label!.trim() : null,
  };
  await deps.db.transaction(async (tx) => {
    const existing = await findMembership(tx, school.id, caller.id);
    if (existing?.status === 1) throw conflict('already_school_member', 'You are already a member of this school.');
    if (existing?.status === 0) throw conflict('join_request_waiting', 'Your request to join this school is still waiting.');
    const taken = await takenNumber(tx, school.id, caller.id, fields);
    if (taken) {
      const [code, message] = NUMBER_TAKEN[taken];
      throw new ApiError(409, code, message, { field: taken });
    }
    await upsertMembership(tx, school.id, caller.id, fields, 0, null);
    await notifyAdmins(tx, school.id, school.name, caller.id, fields.fullName);
  });
  const mine = (await mySchools(deps.db, caller.id)).find((m) => m.school.id === school.id);
  return mine!;
}

async function notifyAdmins(tx: Queryable, schoolId: string, schoolName: string, requesterId: string, requesterName: string): Promise<void> {
  const stamp = Date.now();
  for (const adminId of await schoolAdminIds(tx, schoolId)) {
    await notify(tx, {
      userId: adminId,
      type: 'EPUSTAKA',
      event: 'school_join_request',
      params: { name: requesterName, school: schoolName },
      link: schoolAdminPath(schoolId, 'requests'),
      dedupeKey: `school_join_request:${schoolId}:${requesterId}:${stamp}`,
      senderId: requesterId,
    });
  }
}

/** Tells someone their join request was approved (1) or declined (2). */
export async function notifyDecision(tx: Queryable, input: { schoolId: string; schoolName: string; userId: string; status: 1 | 2; requestedAt: string | Date }): Promise<void> {
  const event = input.status === 1 ? 'school_join_approved' : 'school_join_declined';
  await notify(tx, {
    userId: input.userId,
    type: 'EPUSTAKA',
    event,
    params: { school: input.schoolName },
    link: SCHOOL_PAGES.join,
    dedupeKey: `${event}:${input.schoolId}:${input.userId}:${new Date(input.requestedAt).toISOString()}`,
  });
}

/**
 * Registers a school not yet known by its NPSN, in the caller's organisation. The registrant
 * becomes its school admin at once: the NPSN is unique, so a school is registered only once.
 */
export async function registerSchool(deps: ApiDeps, caller: { id: string; organization_id: string }, input: SchoolRegisterInput): Promise<MySchool> {
  const province = await provinceOfRegency(deps.db, input.regency_code);
  if (!province) throw badRequest('regency_invalid', 'This regency or city does not exist.', 'regency_code');
  if (province !== input.province_code) throw badRequest('regency_not_in_province', 'This regency or city is not in the chosen province.', 'regency_code');
  const schoolId = await deps.db.transaction(async (tx) => {
    const id = await insertSchool(tx, {
      organizationId: caller.organization_id,
      npsn: input.npsn,
      name: input.name.trim(),
      level: input.level as SchoolLevel,
      status: input.status,
      provinceCode: input.province_code,
      regencyCode: input.regency_code,
      address: input.address?.trim() || null,
      timeZone: input.time_zone as SchoolTimeZone,
      createdBy: caller.id,
    });
    if (!id) throw conflict('npsn_taken', 'A school with this NPSN is already registered.');
    const fields: MemberFields = { role: 'admin', fullName: input.full_name.trim(), gender: input.gender, nikNip: input.nik_nip.trim(), nis: null, nisn: null, grade: null, classLabel: null };
    await upsertMembership(tx, id, caller.id, fields, 1, caller.id);
    return id;
  });
  return (await mySchools(deps.db, caller.id)).find((m) => m.school.id === schoolId)!;
}
