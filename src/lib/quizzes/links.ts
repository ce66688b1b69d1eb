/* The quiz pages' addresses. */

/** A quiz's or tryout's page. */
export const quizHref = (quizId: string) => `/quiz/detail/${encodeURIComponent(quizId)}`;
/** The exam screen of an attempt. */
export const examHref = (attemptId: string) => `/quiz/exam/${encodeURIComponent(attemptId)}`;
/** The results, explanations and rankings of a quiz. */
export const resultHref = (quizId: string) => `/quiz/result/${encodeURIComponent(quizId)}`;
/** The tryout list. */
export const TRYOUT_LIST_HREF = '/tryout';
/** The teacher's quizzes. */
export const TEACHER_QUIZZES_HREF = '/quiz/teacher';
/** A new quiz's form. */
export const NEW_QUIZ_HREF = '/quiz/teacher/new';
/** A teacher's quiz in its editor. */
export const quizEditorHref = (quizId: string) => `/quiz/teacher/${encodeURIComponent(quizId)}`;
/** A teacher's quiz's results, with more time for its takers. */
export const quizResultsHref = (quizId: string) => `/quiz/teacher/results/${encodeURIComponent(quizId)}`;
