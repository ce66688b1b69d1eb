import type { HttpClient } from '../http/http.ts';
import { getAchievements, getExplanation, getQuestions, getQuizDetail, getRanking, getTryouts, type Achievements, type QuizDetail, type ReviewedQuestion } from './api.ts';
import { RANKING_SCOPES, TRYOUT_PAGE_SIZE } from './values.ts';

/*
 * Page loaders of the quiz pages. An id that is not a uuid, or a quiz or attempt the API refuses
 * (403/404), is `notFound` (the page answers 404); another failure is logged and `failed`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Loaded<T> = { kind: 'ok'; value: T } | { kind: 'notFound' } | { kind: 'failed' };

async function load<T>(what: string, id: string | undefined | null, run: (id: string) => Promise<T>): Promise<Loaded<T>> {
  if (id !== null && (!id || !UUID.test(id))) return { kind: 'notFound' };
  try {
    return { kind: 'ok', value: await run(id ?? '') };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return { kind: 'notFound' };
    console.error(`The ${what} could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** The tryouts, the first `shown` of them (10, then 10 more per "show more"), by price filter. */
export function loadTryouts(http: HttpClient, shown: number, price: 'free' | 'paid' | undefined) {
  const limit = Math.min(50, Math.max(TRYOUT_PAGE_SIZE, shown - (shown % TRYOUT_PAGE_SIZE)));
  return load('tryout list', null, () => getTryouts(http, { limit, offset: 0, price }));
}

/** A quiz's page data. */
export function loadQuiz(http: HttpClient, quizId: string | undefined): Promise<Loaded<QuizDetail>> {
  return load(`quiz ${quizId}`, quizId, (id) => getQuizDetail(http, id));
}

/** An attempt's exam as the server has it now. */
export function loadExam(http: HttpClient, attemptId: string | undefined) {
  return load(`attempt ${attemptId}`, attemptId, (id) => getQuestions(http, id));
}

/** The caller's result, the review once open, and the rankings once built. */
export async function loadResult(http: HttpClient, quizId: string | undefined): Promise<Loaded<{ quiz: QuizDetail; result: Achievements | null; review: ReviewedQuestion[] | null; rankings: { scope: string; rows: { rank: number; name: string; school_name: string | null; score: number }[] }[] }>> {
  const quiz = await loadQuiz(http, quizId);
  if (quiz.kind !== 'ok') return quiz;
  const optional = async <T,>(run: () => Promise<T>): Promise<T | null> => run().catch(() => null);
  const result = await optional(() => getAchievements(http, quiz.value.id));
  const review = result?.scored ? await optional(() => getExplanation(http, quiz.value.id)) : null;
  const rankings = [];
  if (result?.scored && quiz.value.scored) {
    for (const scope of RANKING_SCOPES) {
      const page = await optional(() => getRanking(http, quiz.value.id, scope));
      if (page) rankings.push({ scope, rows: page.data });
    }
  }
  return { kind: 'ok', value: { quiz: quiz.value, result, review, rankings } };
}
