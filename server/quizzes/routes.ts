import { Hono } from 'hono';
import {
  attemptQuerySchema, extendTimeSchema, finishSubtestSchema, publishQuizSchema, questionQuerySchema, quizIdQuerySchema, quizInputSchema,
  quizPageQuerySchema, quizUpdateSchema, ratingListQuerySchema, redeemVoucherSchema, saveAnswerSchema, startAttemptSchema, submitAttemptSchema,
  tryoutListQuerySchema,
} from '../../src/lib/quizzes/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { participantList, quizDetail, redeemVoucher, tryoutList } from './catalogue.service.ts';
import { finishSubtest, questionList, saveAnswerFor, startAttempt, submitAttempt } from './attempts.service.ts';
import { achievements, explanation, ratingDetail, ratingList, ratingReport, referenceMaterials } from './results.service.ts';
import { createQuiz, editQuiz, extendTime, publishQuiz } from './teacher.service.ts';
import { teacherQuizDetail, teacherQuizList } from './teaching.service.ts';

/**
 * The quiz and tryout API under webhook/: finding and opening tryouts and class quizzes, taking
 * them (start, questions, answers, subtests, submit), results, rankings, vouchers, and the
 * teacher's list, writing, reading back, publishing and extending of class quizzes.
 */
export function quizRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  const user = (c: { get(key: 'caller'): { user: Parameters<typeof quizDetail>[1] } }) => c.get('caller').user;

  app.get('/tryout-list', auth, async (c) => c.json(await tryoutList(deps, user(c), queryParams(c, tryoutListQuerySchema))));
  app.get('/tryout-detail', auth, async (c) => c.json(await quizDetail(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.get('/quiz-detail', auth, async (c) => c.json(await quizDetail(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.get('/tryout-participant-list', auth, async (c) => c.json(await participantList(deps, user(c), queryParams(c, quizPageQuerySchema))));
  app.get('/quiz-participant-list', auth, async (c) => c.json(await participantList(deps, user(c), queryParams(c, quizPageQuerySchema))));

  app.post('/quiz-check', auth, async (c) => {
    const input = await jsonBody(c, startAttemptSchema);
    return c.json(await startAttempt(deps, user(c), input.quiz_id, input.start_key));
  });
  app.get('/quiz-question-list', auth, async (c) => c.json(await questionList(deps, user(c), queryParams(c, attemptQuerySchema).attempt_id)));
  app.post('/quiz-user-answer', auth, async (c) => {
    const answer = await saveAnswerFor(deps, user(c), await jsonBody(c, saveAnswerSchema));
    return 'closed' in answer ? c.json(answer.body, 409) : c.json(answer);
  });
  app.post('/quiz-subtest-finish', auth, async (c) => {
    const input = await jsonBody(c, finishSubtestSchema);
    return c.json(await finishSubtest(deps, user(c), input.attempt_id, input.subtest));
  });
  app.post('/quiz-submit', auth, async (c) => c.json(await submitAttempt(deps, user(c), (await jsonBody(c, submitAttemptSchema)).attempt_id)));

  app.get('/tryout-achievements', auth, async (c) => c.json(await achievements(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.get('/tryout-explanation', auth, async (c) => c.json(await explanation(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.get('/question-reference-materials', auth, async (c) => c.json(await referenceMaterials(deps, user(c), queryParams(c, questionQuerySchema).question_id)));
  app.get('/quiz-rating-list', auth, async (c) => c.json(await ratingList(deps, user(c), queryParams(c, ratingListQuerySchema))));
  app.get('/quiz-rating-detail', auth, async (c) => c.json(await ratingDetail(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.get('/quiz-rating-report', auth, async (c) => c.json(await ratingReport(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));
  app.post('/redeem-voucher', auth, async (c) => c.json(await redeemVoucher(deps, user(c), (await jsonBody(c, redeemVoucherSchema)).code)));

  app.post('/quiz-create', auth, async (c) => c.json(await createQuiz(deps, user(c), await jsonBody(c, quizInputSchema))));
  app.post('/quiz-update', auth, async (c) => {
    const input = await jsonBody(c, quizUpdateSchema);
    return c.json(await editQuiz(deps, user(c), input.quiz_id, input.quiz));
  });
  app.post('/quiz-publish', auth, async (c) => c.json(await publishQuiz(deps, user(c), (await jsonBody(c, publishQuizSchema)).quiz_id)));
  app.post('/quiz-extend-time', auth, async (c) => c.json(await extendTime(deps, user(c), await jsonBody(c, extendTimeSchema))));
  app.get('/quiz-teacher-list', auth, async (c) => c.json(await teacherQuizList(deps, user(c))));
  app.get('/quiz-teacher-detail', auth, async (c) => c.json(await teacherQuizDetail(deps, user(c), queryParams(c, quizIdQuerySchema).quiz_id)));

  return app;
}
