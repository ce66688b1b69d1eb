import type { HttpClient } from '../http/http.ts';
import { getParticipants, getReport, getTeacherQuiz, getTeacherQuizzes, type QuizReport, type TaughtClass, type TeacherParticipant, type TeacherQuiz, type TeacherQuizSummary } from './teacher-api.ts';

/*
 * Page loaders of the teacher's quiz pages. Someone who teaches no class sees a message saying the
 * pages are for teachers (`notTeacher`); a quiz the API keeps from the caller as not theirs to
 * write (403) is `notTeacher` too, an unknown one or an id that is not a uuid `notFound`; another
 * failure is logged and `failed`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TeacherLoaded<T> = { kind: 'ok'; value: T } | { kind: 'notTeacher' } | { kind: 'notFound' } | { kind: 'failed' };

/** The HTTP status a page answers for a loader's outcome. */
export function statusOf(loaded: TeacherLoaded<unknown>): number {
  return { ok: 200, notTeacher: 403, notFound: 404, failed: 503 }[loaded.kind];
}

async function load<T>(what: string, run: () => Promise<T>): Promise<TeacherLoaded<T>> {
  try {
    return { kind: 'ok', value: await run() };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 403) return { kind: 'notTeacher' };
    if (status === 404 || status === 400) return { kind: 'notFound' };
    console.error(`The ${what} could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** The caller's classes and their quizzes; `notTeacher` when they teach no class. */
export async function loadTeacherQuizzes(http: HttpClient): Promise<TeacherLoaded<{ quizzes: TeacherQuizSummary[]; classes: TaughtClass[] }>> {
  const loaded = await load('teacher’s quiz list', () => getTeacherQuizzes(http));
  return loaded.kind === 'ok' && loaded.value.classes.length === 0 ? { kind: 'notTeacher' } : loaded;
}

/** One quiz as written, for its editor. */
export function loadTeacherQuiz(http: HttpClient, quizId: string | undefined): Promise<TeacherLoaded<TeacherQuiz>> {
  if (!quizId || !UUID.test(quizId)) return Promise.resolve({ kind: 'notFound' });
  return load(`quiz ${quizId} as written`, () => getTeacherQuiz(http, quizId));
}

/** A quiz's results for its teacher: the quiz, its participants and the summary. */
export async function loadQuizResults(http: HttpClient, quizId: string | undefined): Promise<TeacherLoaded<{ quiz: TeacherQuiz; participants: TeacherParticipant[]; report: QuizReport }>> {
  const quiz = await loadTeacherQuiz(http, quizId);
  if (quiz.kind !== 'ok') return quiz;
  return load(`results of quiz ${quiz.value.id}`, async () => ({
    quiz: quiz.value,
    participants: await getParticipants(http, quiz.value.id),
    report: await getReport(http, quiz.value.id),
  }));
}
