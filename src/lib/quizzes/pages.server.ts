import type { HttpClient } from '../http/http.ts';
import { getAchievements, getExplanation, getQuestions, getQuizDetail, getRanking, getTryouts, type Achievements, type QuizDetail, type ReviewedQuestion, type TryoutSummary } from './api.ts';
import type { TryoutListFilter } from './schema.ts';
import { HOME_TRYOUT_LIMIT, RANKING_SCOPES } from './values.ts';

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

/** The API's largest tryout-list page. */
const LIST_CALL_MAX = 50;

/**
 * The tryouts, the first `shown` of them (10, then 10 more per "show more"), filtered (see
 * filters.ts); more than the API's largest page are asked for page by page.
 */
export function loadTryouts(http: HttpClient, shown: number, filter: TryoutListFilter) {
  return load('tryout list', null, async () => {
    const offsets = Array.from({ length: Math.ceil(shown / LIST_CALL_MAX) }, (_, i) => i * LIST_CALL_MAX);
    const pages = await Promise.all(offsets.map((offset) => getTryouts(http, { limit: Math.min(LIST_CALL_MAX, shown - offset), offset, ...filter })));
    return { data: pages.flatMap((p) => p.data), meta: { total: pages[0]!.meta.total } };
  });
}

/**
 * The home page's tryout row: the open and upcoming tryouts among the unfiltered list's first 12
 * (the list puts them before closed ones). Empty when there are none or the list fails to load:
 * the home page then has no tryout row.
 */
export async function loadHomeTryouts(http: HttpClient): Promise<TryoutSummary[]> {
  const list = await load('home tryout row', null, () => getTryouts(http, { limit: HOME_TRYOUT_LIMIT, offset: 0 }));
  return list.kind === 'ok' ? list.value.data.filter((q) => q.window !== 'closed') : [];
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
