import { SCHOOL_LEVELS } from '../schools/values.ts';

/*
 * Plain values of quizzes and tryouts, shared by the API and the pages.
 */

/** A tryout is public (free or a paid package); a quiz belongs to a class and its teacher. */
export const QUIZ_KINDS = ['tryout', 'quiz'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

/** Question types: one right option, several right options, true/false, a short numeric answer. */
export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'numeric'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The scopes a tryout ranks in. */
export const RANKING_SCOPES = ['nation', 'province', 'city', 'school'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];

/**
 * Tryout subject groups a list can be filtered by: the three groups of the university entrance
 * test (general, science and technology, social studies and humanities) and school subjects.
 */
export const SUBJECT_GROUPS = ['umum', 'saintek', 'soshum', 'mapel'] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];

/** The school level a quiz is written for, the same levels as schools. */
export const QUIZ_LEVELS = SCHOOL_LEVELS;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];

/** The marks a question carries on the exam screen (spec 01 §4.8): answered, unanswered, uncertain. */
export const QUESTION_MARKS = ['answered', 'unanswered', 'uncertain'] as const;
export type QuestionMark = (typeof QUESTION_MARKS)[number];

/** Where an attempt stands for its taker. */
export const ATTEMPT_STATES = ['not_started', 'in_progress', 'submitted'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/**
 * Seconds after a deadline during which a save that was already on its way is still taken; the
 * server submits a timed-out attempt only after them, with the deadline as its submission time.
 */
export const SAVE_GRACE_SECONDS = 5;

/** Tryout lists start with 10 and grow by 10 (spec 03 §9). */
export const TRYOUT_PAGE_SIZE = 10;

/** The most tryouts the home page's tryout row asks for: the unfiltered tryout list's first 12. */
export const HOME_TRYOUT_LIMIT = 12;

/** The scale a tryout subtest is scored on. */
export const TRYOUT_SCALE = 1000;
