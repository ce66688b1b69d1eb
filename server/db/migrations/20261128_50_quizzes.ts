import type { Migration } from '../migration.ts';

/**
 * Quizzes and tryouts.
 *
 * A quiz (kind 'quiz') belongs to a class and is written by its teacher; a tryout (kind 'tryout')
 * is public to the organisation, free (price 0) or sold as a package (price in rupiah). Both open
 * and close at set times and are split into ordered subtests, each with its own time; a linear
 * quiz (UTBK tryouts) is taken one subtest after another without going back. Questions are single
 * choice, multiple answers, true/false or a short numeric answer. An attempt keeps its deadline on
 * the server; answers are saved one per question with the sender's sequence number, so an older
 * save never replaces a newer one. Rankings are a table rebuilt once after final scoring.
 */
export const migration: Migration = {
  id: '20261128_50_quizzes',
  up: `
    CREATE TABLE quizzes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id),
      kind text NOT NULL CHECK (kind IN ('tryout', 'quiz')),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      subject_group text NOT NULL DEFAULT 'umum',
      level text NOT NULL DEFAULT 'SMA',
      price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
      passing_grade numeric(7,2) NOT NULL DEFAULT 0 CHECK (passing_grade >= 0),
      opens_at timestamptz NOT NULL,
      closes_at timestamptz NOT NULL,
      linear boolean NOT NULL DEFAULT false,
      shuffle boolean NOT NULL DEFAULT false,
      negative_marking numeric(4,2) NOT NULL DEFAULT 0 CHECK (negative_marking >= 0 AND negative_marking <= 1),
      max_attempts integer NOT NULL DEFAULT 1 CHECK (max_attempts BETWEEN 1 AND 20),
      school_id uuid REFERENCES schools(id) ON DELETE CASCADE,
      class_id uuid REFERENCES classes(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id),
      published_at timestamptz,
      scored_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (closes_at > opens_at),
      CHECK (kind = 'tryout' OR (class_id IS NOT NULL AND school_id IS NOT NULL AND price = 0))
    );
    CREATE INDEX quizzes_list_idx ON quizzes (organization_id, kind, opens_at DESC) WHERE published_at IS NOT NULL;
    CREATE INDEX quizzes_class_idx ON quizzes (class_id);
    CREATE INDEX quizzes_unscored_idx ON quizzes (closes_at) WHERE scored_at IS NULL AND published_at IS NOT NULL;

    CREATE TABLE quiz_subtests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      position integer NOT NULL,
      title text NOT NULL,
      duration_seconds integer NOT NULL CHECK (duration_seconds BETWEEN 60 AND 86400),
      UNIQUE (quiz_id, position)
    );

    CREATE TABLE quiz_questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      subtest_id uuid NOT NULL REFERENCES quiz_subtests(id) ON DELETE CASCADE,
      position integer NOT NULL,
      type text NOT NULL CHECK (type IN ('single', 'multiple', 'true_false', 'numeric')),
      body text NOT NULL,
      image_url text,
      explanation text NOT NULL DEFAULT '',
      reference text NOT NULL DEFAULT '',
      points numeric(6,2) NOT NULL DEFAULT 1 CHECK (points > 0),
      numeric_answer numeric,
      UNIQUE (subtest_id, position)
    );
    CREATE INDEX quiz_questions_quiz_idx ON quiz_questions (quiz_id);

    CREATE TABLE quiz_options (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      question_id uuid NOT NULL REFERENCES quiz_questions(id) ON DELETE CASCADE,
      position integer NOT NULL,
      body text NOT NULL,
      correct boolean NOT NULL DEFAULT false,
      UNIQUE (question_id, position)
    );

    -- Paid packages: who may start them (bought through the order box, or by a voucher).
    CREATE TABLE quiz_access (
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('order', 'voucher')),
      granted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (quiz_id, user_id)
    );

    CREATE TABLE quiz_vouchers (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9-]{4,40}$'),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      uses_left integer NOT NULL CHECK (uses_left >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE quiz_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      attempt_no integer NOT NULL,
      start_key text NOT NULL,
      started_at timestamptz NOT NULL,
      deadline_at timestamptz NOT NULL,
      current_subtest integer NOT NULL DEFAULT 1,
      subtest_started_at timestamptz NOT NULL,
      subtest_deadline_at timestamptz NOT NULL,
      submitted_at timestamptz,
      submitted_by text CHECK (submitted_by IN ('student', 'timeout')),
      school_id uuid REFERENCES schools(id) ON DELETE SET NULL,
      province_code text,
      regency_code text,
      raw_score numeric(8,2),
      final_score numeric(8,2),
      passed boolean,
      UNIQUE (quiz_id, user_id, attempt_no),
      UNIQUE (user_id, start_key)
    );
    CREATE INDEX quiz_attempts_open_idx ON quiz_attempts (deadline_at) WHERE submitted_at IS NULL;
    CREATE INDEX quiz_attempts_quiz_idx ON quiz_attempts (quiz_id, attempt_no);

    CREATE TABLE quiz_answers (
      attempt_id uuid NOT NULL REFERENCES quiz_attempts(id) ON DELETE CASCADE,
      question_id uuid NOT NULL REFERENCES quiz_questions(id) ON DELETE CASCADE,
      option_ids uuid[] NOT NULL DEFAULT '{}',
      numeric_value numeric,
      uncertain boolean NOT NULL DEFAULT false,
      seq bigint NOT NULL,
      saved_at timestamptz NOT NULL,
      correct boolean,
      points numeric(8,2),
      PRIMARY KEY (attempt_id, question_id)
    );

    CREATE TABLE quiz_attempt_subtests (
      attempt_id uuid NOT NULL REFERENCES quiz_attempts(id) ON DELETE CASCADE,
      subtest_id uuid NOT NULL REFERENCES quiz_subtests(id) ON DELETE CASCADE,
      correct integer NOT NULL,
      raw_score numeric(8,2) NOT NULL,
      final_score numeric(8,2),
      PRIMARY KEY (attempt_id, subtest_id)
    );

    CREATE TABLE quiz_rankings (
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      scope text NOT NULL CHECK (scope IN ('nation', 'province', 'city', 'school')),
      scope_code text NOT NULL,
      attempt_id uuid NOT NULL REFERENCES quiz_attempts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rank integer NOT NULL,
      score numeric(8,2) NOT NULL,
      PRIMARY KEY (quiz_id, scope, scope_code, attempt_id)
    );
    CREATE INDEX quiz_rankings_order_idx ON quiz_rankings (quiz_id, scope, scope_code, rank);
    CREATE INDEX quiz_rankings_user_idx ON quiz_rankings (quiz_id, user_id);
  `,
  down: `
    DROP TABLE quiz_rankings;
    DROP TABLE quiz_attempt_subtests;
    DROP TABLE quiz_answers;
    DROP TABLE quiz_attempts;
    DROP TABLE quiz_vouchers;
    DROP TABLE quiz_access;
    DROP TABLE quiz_options;
    DROP TABLE quiz_questions;
    DROP TABLE quiz_subtests;
    DROP TABLE quizzes;
  `,
};
