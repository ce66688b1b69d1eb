import type { Queryable } from '../db/client.ts';

/*
 * The demo school: SMA Harapan Bangsa in Kota Bandung (WIB), whose library is the private
 * Harapan Bangsa ePustaka. The librarian is its school admin; the two teachers teach class XI IPA 1,
 * where Sekar and Rina learn; Yoga is in XI IPS 2 and Dimas's join request still waits.
 */

export const DEMO_SCHOOL = { npsn: '20219001', name: 'SMA Harapan Bangsa' } as const;

const SUBJECTS = ['Bahasa Indonesia', 'Matematika', 'Bahasa Inggris', 'Sejarah Indonesia', 'Fisika', 'Ekonomi'];

interface Member {
  user: string;
  role: 'admin' | 'teacher' | 'student';
  status: 0 | 1;
  fullName: string;
  gender: 'L' | 'P';
  nikNip?: string;
  nis?: string;
  nisn?: string;
  grade?: number;
  classLabel?: string;
}

const MEMBERS: Member[] = [
  { user: 'pustakawan', role: 'admin', status: 1, fullName: 'Ratna Wulandari', gender: 'P', nikNip: '198604122010012003' },
  { user: 'guru', role: 'teacher', status: 1, fullName: 'Bagus Prasetyo', gender: 'L', nikNip: '198109032006041005' },
  { user: 'andi', role: 'teacher', status: 1, fullName: 'Andi Syamsuddin', gender: 'L', nikNip: '199002172015031002' },
  { user: 'siswa', role: 'student', status: 1, fullName: 'Sekar Ayu Lestari', gender: 'P', nis: '23240117', nisn: '0081234561', grade: 11, classLabel: 'XI IPA 1' },
  { user: 'rina', role: 'student', status: 1, fullName: 'Rina Marpaung', gender: 'P', nis: '23240118', nisn: '0081234562', grade: 11, classLabel: 'XI IPA 1' },
  { user: 'yoga', role: 'student', status: 1, fullName: 'I Made Yoga Pratama', gender: 'L', nis: '23240201', nisn: '0081234563', grade: 11, classLabel: 'XI IPS 2' },
  { user: 'belum', role: 'student', status: 0, fullName: 'Dimas Saputra', gender: 'L', nis: '23240202', nisn: '0081234564', grade: 11, classLabel: 'XI IPS 2' },
];

/** Ids of what the demo school seeds, for the seeds that build on it (quizzes, the timetable). */
export interface DemoSchool {
  schoolId: string;
  yearId: string;
  classIds: Map<string, string>;
  subjectIds: Map<string, string>;
}

/** Inserts the demo school, its year, subjects, classes and people. `userIds` by demo account key. */
export async function insertSchools(tx: Queryable, organizationId: string, userIds: Map<string, string>, now = new Date()): Promise<DemoSchool | null> {
  const { rows: regency } = await tx.query<{ code: string; province_code: string }>(
    `SELECT code, province_code FROM regencies WHERE name ILIKE 'Kota Bandung' ORDER BY code LIMIT 1`,
  );
  const place = regency[0];
  if (!place) return null;
  const { rows: library } = await tx.query<{ id: string }>(`SELECT id FROM epustaka WHERE epustaka_name ILIKE '%Harapan Bangsa%' LIMIT 1`);
  const { rows: school } = await tx.query<{ id: string }>(
    `INSERT INTO schools (organization_id, npsn, name, level, status, province_code, regency_code, address, time_zone, epustaka_id, created_by)
     VALUES ($1, $2, $3, 'SMA', 'swasta', $4, $5, 'Jl. Ir. H. Juanda No. 93, Bandung', 'Asia/Jakarta', $6, $7) RETURNING id`,
    [organizationId, DEMO_SCHOOL.npsn, DEMO_SCHOOL.name, place.province_code, place.code, library[0]?.id ?? null, userIds.get('pustakawan')],
  );
  const schoolId = school[0]!.id;
  // The school year that runs now: July to June.
  const startYear = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const { rows: year } = await tx.query<{ id: string }>(
    'INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, $2, $3) RETURNING id',
    [schoolId, startYear, startYear + 1],
  );
  const yearId = year[0]!.id;
  const subjectIds = new Map<string, string>();
  for (const name of SUBJECTS) {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO subjects (school_id, name) VALUES ($1, $2) RETURNING id', [schoolId, name]);
    subjectIds.set(name, rows[0]!.id);
  }
  const classIds = new Map<string, string>();
  for (const name of ['XI IPA 1', 'XI IPS 2']) {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO classes (school_id, school_year_id, name, grade) VALUES ($1, $2, $3, 11) RETURNING id',
      [schoolId, yearId, name],
    );
    classIds.set(name, rows[0]!.id);
  }
  const approver = userIds.get('pustakawan') ?? null;
  for (const m of MEMBERS) {
    const userId = userIds.get(m.user);
    if (!userId) continue;
    await tx.query(
      `INSERT INTO school_members (school_id, user_id, role, status, full_name, gender, nik_nip, nis, nisn, grade, class_label, decided_at, decided_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [schoolId, userId, m.role, m.status, m.fullName, m.gender, m.nikNip ?? null, m.nis ?? null, m.nisn ?? null, m.grade ?? null, m.classLabel ?? null,
        m.status === 1 ? now.toISOString() : null, m.status === 1 ? approver : null],
    );
    if (m.status === 1 && m.role === 'student' && m.classLabel) {
      await tx.query(`INSERT INTO class_members (class_id, user_id, role) VALUES ($1, $2, 'student')`, [classIds.get(m.classLabel), userId]);
    }
  }
  const teaching: [string, string, string][] = [
    ['guru', 'XI IPA 1', 'Bahasa Indonesia'],
    ['andi', 'XI IPA 1', 'Matematika'],
    ['guru', 'XI IPS 2', 'Bahasa Indonesia'],
  ];
  for (const [user, className, subject] of teaching) {
    await tx.query(`INSERT INTO class_members (class_id, user_id, role, subject_id) VALUES ($1, $2, 'teacher', $3)`, [classIds.get(className), userIds.get(user), subjectIds.get(subject)]);
  }
  return { schoolId, yearId, classIds, subjectIds };
}
