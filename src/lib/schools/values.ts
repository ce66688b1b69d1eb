/*
 * Plain values of schools, shared by the API and the pages: who a person is at a school, where a
 * join request stands, the school levels and the zones a school keeps its times in.
 */

/** A person's role at a school. */
export const SCHOOL_ROLES = ['admin', 'teacher', 'student'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];

/** Where a school membership stands: waiting for a school admin, approved, declined. */
export const SCHOOL_MEMBER_STATUS = { waiting: 0, active: 1, declined: 2 } as const;
export type SchoolMemberStatus = (typeof SCHOOL_MEMBER_STATUS)[keyof typeof SCHOOL_MEMBER_STATUS];

/** A class member is one of the class's teachers or an enrolled student. */
export const CLASS_ROLES = ['teacher', 'student'] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];

/** School levels: primary, junior secondary, senior secondary, vocational. */
export const SCHOOL_LEVELS = ['SD', 'SMP', 'SMA', 'SMK'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** A state school (negeri) or a private one (swasta). */
export const SCHOOL_STATUSES = ['negeri', 'swasta'] as const;

/** The three Indonesian zones a school can keep its times in: WIB, WITA, WIT. */
export const SCHOOL_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type SchoolTimeZone = (typeof SCHOOL_TIME_ZONES)[number];

/** The grades each level teaches. */
export const GRADES_OF_LEVEL: Record<SchoolLevel, readonly number[]> = {
  SD: [1, 2, 3, 4, 5, 6],
  SMP: [7, 8, 9],
  SMA: [10, 11, 12],
  SMK: [10, 11, 12],
};
