import { z } from 'zod';
import { QUESTION_PICTURE_PATTERN } from './rules.ts';
import { QUESTION_TYPES, QUIZ_LEVELS, RANKING_SCOPES, SUBJECT_GROUPS, TRYOUT_PAGE_SIZE } from './values.ts';

export * from './values.ts';

/*
 * The quiz and tryout contract. Every path is under `webhook/`; inputs are validated with these
 * schemas (a failure is a 400 whose `errors[0].code` is the code named here). Dates are ISO 8601.
 */

const uuid = (error = 'invalid_id') => z.uuid({ error });
const limit = (fallback: number, max: number) =>
  z.coerce.number({ error: 'invalid_limit' }).int({ error: 'invalid_limit' }).min(1, { error: 'invalid_limit' }).max(max, { error: 'invalid_limit' }).default(fallback);
const offset = z.coerce.number({ error: 'invalid_offset' }).int({ error: 'invalid_offset' }).min(0, { error: 'invalid_offset' }).max(1_000_000, { error: 'invalid_offset' }).default(0);

/**
 * GET tryout-list: published tryouts, open and upcoming windows before closed ones, `limit` 10
 * then +10; filters by subject group, level, free or paid, each from its list of known values.
 */
export const tryoutListQuerySchema = z.object({
  limit: limit(TRYOUT_PAGE_SIZE, 50),
  offset,
  subject_group: z.enum(SUBJECT_GROUPS, { error: 'invalid_subject_group' }).optional(),
  level: z.enum(QUIZ_LEVELS, { error: 'invalid_level' }).optional(),
  price: z.enum(['free', 'paid'], { error: 'invalid_price' }).optional(),
});
/** The tryout list's filters (what a list's address keeps). */
export type TryoutListFilter = Pick<z.output<typeof tryoutListQuerySchema>, 'subject_group' | 'level' | 'price'>;

/** A query naming one quiz or tryout. */
export const quizIdQuerySchema = z.object({ quiz_id: uuid('invalid_quiz_id') });
/** A query naming one quiz with paging. */
export const quizPageQuerySchema = z.object({ quiz_id: uuid('invalid_quiz_id'), limit: limit(20, 100), offset });
/** GET quiz-rating-list: one scope's ranking (the caller's own province, city or school for the narrower scopes). */
export const ratingListQuerySchema = quizPageQuerySchema.extend({ scope: z.enum(RANKING_SCOPES, { error: 'invalid_scope' }).default('nation') });
/** A query naming one attempt. */
export const attemptQuerySchema = z.object({ attempt_id: uuid('invalid_attempt_id') });
/** GET question-reference-materials. */
export const questionQuerySchema = z.object({ question_id: uuid('invalid_question_id') });

/**
 * POST quiz-check: starts the caller's attempt, or answers the one under way. `start_key` is made
 * by the page once per start button; the same key always answers the same attempt, so a reload
 * never starts a second one.
 */
export const startAttemptSchema = z.object({
  quiz_id: uuid('invalid_quiz_id'),
  start_key: z.string().trim().min(8, { error: 'invalid_start_key' }).max(100, { error: 'invalid_start_key' }),
});

/**
 * POST quiz-user-answer: one question's answer. `seq` grows with every change the page makes; a
 * save with a lower `seq` than the stored one changes nothing. No options and no value clears it.
 */
export const saveAnswerSchema = z.object({
  attempt_id: uuid('invalid_attempt_id'),
  question_id: uuid('invalid_question_id'),
  option_ids: z.array(uuid('invalid_option_id')).max(10, { error: 'invalid_option_id' }).default([]),
  value: z.number({ error: 'invalid_value' }).finite({ error: 'invalid_value' }).nullable().default(null),
  uncertain: z.boolean({ error: 'invalid_uncertain' }).default(false),
  seq: z.number({ error: 'invalid_seq' }).int({ error: 'invalid_seq' }).min(1, { error: 'invalid_seq' }).max(Number.MAX_SAFE_INTEGER, { error: 'invalid_seq' }),
});
export type SaveAnswerInput = z.input<typeof saveAnswerSchema>;

/** POST quiz-submit and quiz-subtest-finish: the attempt (and, for finishing, the subtest being left). */
export const submitAttemptSchema = z.object({ attempt_id: uuid('invalid_attempt_id') });
export const finishSubtestSchema = z.object({ attempt_id: uuid('invalid_attempt_id'), subtest: z.number({ error: 'invalid_subtest' }).int({ error: 'invalid_subtest' }).min(1, { error: 'invalid_subtest' }) });

/** POST redeem-voucher. */
export const redeemVoucherSchema = z.object({ code: z.string().trim().toUpperCase().min(4, { error: 'invalid_voucher' }).max(40, { error: 'invalid_voucher' }) });

const text = (max: number, code: string) => z.string({ error: code }).trim().max(max, { error: code });

/** One question a teacher writes. Choice questions need 2–6 options; numeric ones an `answer`. */
export const questionInputSchema = z.object({
  type: z.enum(QUESTION_TYPES, { error: 'invalid_question_type' }),
  body: text(4000, 'invalid_question_body').min(1, { error: 'invalid_question_body' }),
  // The teacher's own picture uploaded to this site (`/storage/object/{id}`), never an address elsewhere.
  image_url: z.string({ error: 'invalid_image_url' }).regex(QUESTION_PICTURE_PATTERN, { error: 'invalid_image_url' }).nullable().default(null),
  explanation: text(4000, 'invalid_explanation').default(''),
  points: z.number({ error: 'invalid_points' }).positive({ error: 'invalid_points' }).max(100, { error: 'invalid_points' }).default(1),
  options: z.array(z.object({ body: text(1000, 'invalid_option').min(1, { error: 'invalid_option' }), correct: z.boolean().default(false) })).max(6, { error: 'invalid_options' }).default([]),
  answer: z.number({ error: 'invalid_answer' }).finite({ error: 'invalid_answer' }).nullable().default(null),
}).superRefine((q, ctx) => {
  const right = q.options.filter((o) => o.correct).length;
  if (q.type === 'numeric') {
    if (q.answer === null) ctx.addIssue({ code: 'custom', message: 'invalid_answer', path: ['answer'] });
    return;
  }
  const count = q.type === 'true_false' ? q.options.length === 2 : q.options.length >= 2;
  if (!count) ctx.addIssue({ code: 'custom', message: 'invalid_options', path: ['options'] });
  if (q.type === 'multiple' ? right < 1 : right !== 1) ctx.addIssue({ code: 'custom', message: 'invalid_correct_options', path: ['options'] });
});

/**
 * POST quiz-create (and quiz-update with `quiz_id`, before publishing): a class quiz by one of the
 * class's teachers. Times: `opens_at` before `closes_at` (`invalid_window`); `duration_minutes`
 * 1..600; `passing_grade` in percent; `negative_marking` the share of a question's points a wrong
 * answer costs (0 = off).
 */
export const quizInputSchema = z.object({
  class_id: uuid('invalid_class_id'),
  title: text(200, 'invalid_title').min(1, { error: 'invalid_title' }),
  description: text(4000, 'invalid_description').default(''),
  duration_minutes: z.number({ error: 'invalid_duration' }).int({ error: 'invalid_duration' }).min(1, { error: 'invalid_duration' }).max(600, { error: 'invalid_duration' }),
  opens_at: z.iso.datetime({ offset: true, error: 'invalid_window' }),
  closes_at: z.iso.datetime({ offset: true, error: 'invalid_window' }),
  passing_grade: z.number({ error: 'invalid_passing_grade' }).min(0, { error: 'invalid_passing_grade' }).max(100, { error: 'invalid_passing_grade' }).default(0),
  negative_marking: z.number({ error: 'invalid_negative_marking' }).min(0, { error: 'invalid_negative_marking' }).max(1, { error: 'invalid_negative_marking' }).default(0),
  max_attempts: z.number({ error: 'invalid_max_attempts' }).int({ error: 'invalid_max_attempts' }).min(1, { error: 'invalid_max_attempts' }).max(20, { error: 'invalid_max_attempts' }).default(1),
  shuffle: z.boolean().default(false),
  questions: z.array(questionInputSchema).min(1, { error: 'invalid_questions' }).max(200, { error: 'invalid_questions' }),
}).refine((q) => new Date(q.opens_at) < new Date(q.closes_at), { message: 'invalid_window', path: ['closes_at'] });
export type QuizInput = z.input<typeof quizInputSchema>;

/** A question as its teacher wrote it, key included (quiz-teacher-detail), in the shape quiz-update takes. */
export interface WrittenQuestion {
  type: (typeof QUESTION_TYPES)[number];
  body: string;
  image_url: string | null;
  explanation: string;
  points: number;
  answer: number | null;
  options: { body: string; correct: boolean }[];
}
export const quizUpdateSchema = z.object({ quiz_id: uuid('invalid_quiz_id'), quiz: quizInputSchema });

/** POST quiz-publish. */
export const publishQuizSchema = z.object({ quiz_id: uuid('invalid_quiz_id') });

/** POST quiz-extend-time: more minutes for one student's attempt, or for everyone (no `user_id`). */
export const extendTimeSchema = z.object({
  quiz_id: uuid('invalid_quiz_id'),
  user_id: uuid('invalid_user_id').optional(),
  minutes: z.number({ error: 'invalid_minutes' }).int({ error: 'invalid_minutes' }).min(1, { error: 'invalid_minutes' }).max(240, { error: 'invalid_minutes' }),
});

/** The clock part of every attempt answer: the server's time and the deadlines it keeps. */
export const attemptClockSchema = z.object({
  server_time: z.string(),
  deadline_at: z.string(),
  subtest: z.number().int(),
  subtest_deadline_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type AttemptClock = z.infer<typeof attemptClockSchema>;

/** One question as the taker sees it: never its key. */
export const takerQuestionSchema = z.object({
  id: z.string(),
  subtest: z.number().int(),
  number: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  body: z.string(),
  image_url: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), body: z.string() })),
});
export type TakerQuestion = z.infer<typeof takerQuestionSchema>;

/** A saved answer as the taker sees it. */
export const savedAnswerSchema = z.object({ question_id: z.string(), option_ids: z.array(z.string()), value: z.number().nullable(), uncertain: z.boolean(), seq: z.number().int() });
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** GET quiz-question-list: the attempt's clock, the questions of its open subtests and the saved answers. */
export const questionListResponseSchema = z.object({
  data: attemptClockSchema.extend({
    attempt_id: z.string(),
    quiz_id: z.string(),
    linear: z.boolean(),
    subtests: z.array(z.object({ number: z.number().int(), title: z.string(), duration_seconds: z.number().int(), question_count: z.number().int(), open: z.boolean() })),
    questions: z.array(takerQuestionSchema),
    answers: z.array(savedAnswerSchema),
  }),
});
export type QuestionListResponse = z.infer<typeof questionListResponseSchema>;
