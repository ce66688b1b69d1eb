import type { Migration } from '../migration.ts';

/**
 * Schools and their people, shared by quizzes, tryouts and the school day.
 *
 * A school (identified nationally by its NPSN) sits in a regency and province, keeps its times in
 * one Indonesian zone, and may run an ePustaka as its library. People belong to it as school
 * admin, teacher or student; a join request waits (status 0) until a school admin approves (1) or
 * declines (2) it, like an ePustaka membership. Teaching is organised in school years (start year ≤
 * end year), classes (a name is unique within a year), subjects (unique per school) and class
 * members (the class's teachers and enrolled students).
 */
export const migration: Migration = {
  id: '20261128_40_schools',
  up: `
    CREATE TABLE schools (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      npsn text NOT NULL UNIQUE CHECK (npsn ~ '^[0-9]{8}$'),
      name text NOT NULL,
      level text NOT NULL CHECK (level IN ('SD', 'SMP', 'SMA', 'SMK')),
      status text NOT NULL CHECK (status IN ('negeri', 'swasta')),
      province_code text NOT NULL REFERENCES provinces(code),
      regency_code text NOT NULL REFERENCES regencies(code),
      address text,
      time_zone text NOT NULL DEFAULT 'Asia/Jakarta' CHECK (time_zone IN ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura')),
      epustaka_id uuid REFERENCES epustaka(id) ON DELETE SET NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX schools_regency_idx ON schools (regency_code);
    CREATE INDEX schools_name_trgm ON schools USING gin (name gin_trgm_ops);

    -- What a person told the school when joining (spec 01 §5 join fields) and what the school decided.
    CREATE TABLE school_members (
      school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin', 'teacher', 'student')),
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      full_name text NOT NULL,
      gender char(1) CHECK (gender IN ('L', 'P')),
      nik_nip text,
      nis text,
      nisn text,
      grade smallint CHECK (grade BETWEEN 1 AND 12),
      class_label text,
      requested_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      decided_by uuid REFERENCES users(id),
      PRIMARY KEY (school_id, user_id)
    );
    CREATE INDEX school_members_user_idx ON school_members (user_id);
    CREATE INDEX school_members_waiting_idx ON school_members (school_id) WHERE status = 0;

    CREATE TABLE school_years (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
      start_year integer NOT NULL,
      end_year integer NOT NULL,
      CHECK (end_year >= start_year),
      UNIQUE (school_id, start_year)
    );

    CREATE TABLE subjects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
      name text NOT NULL
    );
    CREATE UNIQUE INDEX subjects_name_key ON subjects (school_id, lower(name));

    CREATE TABLE classes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
      school_year_id uuid NOT NULL REFERENCES school_years(id) ON DELETE CASCADE,
      name text NOT NULL,
      grade smallint NOT NULL CHECK (grade BETWEEN 1 AND 12),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX classes_name_key ON classes (school_year_id, lower(name));
    CREATE INDEX classes_school_idx ON classes (school_id);

    CREATE TABLE class_members (
      class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('teacher', 'student')),
      subject_id uuid REFERENCES subjects(id) ON DELETE SET NULL,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (class_id, user_id)
    );
    CREATE INDEX class_members_user_idx ON class_members (user_id);
  `,
  down: `
    DROP TABLE class_members, classes, subjects, school_years, school_members, schools;
  `,
};
