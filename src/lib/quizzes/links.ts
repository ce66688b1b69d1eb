/* The quiz pages' addresses. */

/** A quiz's or tryout's page. */
export const quizHref = (quizId: string) => `/quiz/detail/${encodeURIComponent(quizId)}`;
/** The exam screen of an attempt. */
export const examHref = (attemptId: string) => `/quiz/exam/${encodeURIComponent(attemptId)}`;
/** The results, explanations and rankings of a quiz. */
export const resultHref = (quizId: string) => `/quiz/result/${encodeURIComponent(quizId)}`;
/** The tryout list. */
export const TRYOUT_LIST_HREF = '/tryout';
