import type { Migration } from '../migration.ts';

/**
 * Quiz rankings: one row per ranked attempt (`quiz_ranks`) holding its rank in each of the four
 * scopes, where before there was a row per attempt and scope. A ranked attempt is its quiz's and
 * its user's: the row goes with its attempt (deleting a quiz or a user deletes the attempt, and the
 * attempt its ranks), so its only reference is the attempt, checked once per attempt when a quiz
 * is ranked rather than three times per attempt and scope. A scope's rank is null where the
 * attempt recorded no province, city or school. The view `quiz_rankings` shows the same rows as
 * the table it replaces: one per attempt and scope, with the scope's code ('' for the nation).
 */
export const migration: Migration = {
  id: '20261128_85_quiz_ranks',
  up: `
    CREATE TABLE quiz_ranks (
      attempt_id uuid PRIMARY KEY REFERENCES quiz_attempts(id) ON DELETE CASCADE,
      quiz_id uuid NOT NULL,
      user_id uuid NOT NULL,
      score numeric(8,2) NOT NULL,
      nation_rank integer NOT NULL,
      province_code text,
      province_rank integer,
      regency_code text,
      city_rank integer,
      school_code text,
      school_rank integer,
      CHECK ((province_code IS NULL) = (province_rank IS NULL)),
      CHECK ((regency_code IS NULL) = (city_rank IS NULL)),
      CHECK ((school_code IS NULL) = (school_rank IS NULL))
    );
    CREATE INDEX quiz_ranks_nation_idx ON quiz_ranks (quiz_id, nation_rank);
    CREATE INDEX quiz_ranks_province_idx ON quiz_ranks (quiz_id, province_code, province_rank) WHERE province_rank IS NOT NULL;
    CREATE INDEX quiz_ranks_city_idx ON quiz_ranks (quiz_id, regency_code, city_rank) WHERE city_rank IS NOT NULL;
    CREATE INDEX quiz_ranks_school_idx ON quiz_ranks (quiz_id, school_code, school_rank) WHERE school_rank IS NOT NULL;

    INSERT INTO quiz_ranks (attempt_id, quiz_id, user_id, score, nation_rank, province_code, province_rank, regency_code, city_rank, school_code, school_rank)
    SELECT attempt_id, quiz_id, user_id, max(score),
           max(rank) FILTER (WHERE scope = 'nation'),
           max(scope_code) FILTER (WHERE scope = 'province'), max(rank) FILTER (WHERE scope = 'province'),
           max(scope_code) FILTER (WHERE scope = 'city'), max(rank) FILTER (WHERE scope = 'city'),
           max(scope_code) FILTER (WHERE scope = 'school'), max(rank) FILTER (WHERE scope = 'school')
      FROM quiz_rankings GROUP BY attempt_id, quiz_id, user_id HAVING count(*) FILTER (WHERE scope = 'nation') = 1;
    DROP TABLE quiz_rankings;

    CREATE VIEW quiz_rankings AS
      SELECT quiz_id, 'nation'::text AS scope, ''::text AS scope_code, attempt_id, user_id, nation_rank AS rank, score FROM quiz_ranks
      UNION ALL
      SELECT quiz_id, 'province', province_code, attempt_id, user_id, province_rank, score FROM quiz_ranks WHERE province_rank IS NOT NULL
      UNION ALL
      SELECT quiz_id, 'city', regency_code, attempt_id, user_id, city_rank, score FROM quiz_ranks WHERE city_rank IS NOT NULL
      UNION ALL
      SELECT quiz_id, 'school', school_code, attempt_id, user_id, school_rank, score FROM quiz_ranks WHERE school_rank IS NOT NULL;
  `,
  down: `
    DROP VIEW quiz_rankings;
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
    INSERT INTO quiz_rankings (quiz_id, scope, scope_code, attempt_id, user_id, rank, score)
    SELECT r.quiz_id, s.scope, s.code, r.attempt_id, r.user_id, s.rank, r.score
      FROM quiz_ranks r
     CROSS JOIN LATERAL (VALUES ('nation', '', r.nation_rank), ('province', r.province_code, r.province_rank),
                                ('city', r.regency_code, r.city_rank), ('school', r.school_code, r.school_rank)) AS s(scope, code, rank)
     WHERE s.rank IS NOT NULL;
    DROP TABLE quiz_ranks;
  `,
};
