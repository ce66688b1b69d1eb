import type { HttpClient } from '../http/http.ts';
import type { AttemptClock, QuestionListResponse, SaveAnswerInput, TryoutListFilter } from './schema.ts';

/* The quiz and tryout calls, for pages and islands alike. */

/** A tryout in the list. */
export interface TryoutSummary {
  id: string;
  title: string;
  subject_group: string;
  level: string;
  price: number;
  free: boolean;
  opens_at: string;
  closes_at: string;
  window: 'upcoming' | 'open' | 'closed';
  question_count: number;
  duration_seconds: number;
  participant_count: number;
}

/** A quiz's page data (quiz-detail). */
export interface QuizDetail {
  id: string;
  kind: 'tryout' | 'quiz';
  title: string;
  description: string;
  subject_group: string;
  level: string;
  price: number;
  free: boolean;
  access: 'free' | 'owned' | 'buy';
  passing_grade: number;
  opens_at: string;
  closes_at: string;
  window: 'upcoming' | 'open' | 'closed';
  linear: boolean;
  scored: boolean;
  role: 'teacher' | 'taker';
  subtests: { number: number; title: string; duration_seconds: number; question_count: number }[];
  question_count: number;
  duration_seconds: number;
  participant_count: number;
  attempt: { id: string; state: 'in_progress' | 'submitted'; submitted_at: string | null; raw_score: number | null; final_score: number | null; passed: boolean | null } | null;
  can_start: boolean;
}

/** The caller's result (tryout-achievements). */
export interface Achievements {
  scored: boolean;
  raw_score: number;
  final_score: number | null;
  passed: boolean | null;
  passing_grade: number;
  subtests: { number: number; title: string; correct: number; question_count: number; raw_score: number; final_score: number | null }[];
  ranks: { scope: string; rank: number; of: number; score: number }[];
  badges: string[];
}

/** One reviewed question (tryout-explanation). */
export interface ReviewedQuestion {
  id: string;
  number: number;
  subtest: number;
  type: string;
  body: string;
  image_url: string | null;
  explanation: string;
  reference: string;
  numeric_answer: number | null;
  options: { id: string; body: string; correct: boolean }[];
  answer: { option_ids: string[]; value: number | null } | null;
  correct: boolean;
}

/** GET webhook/tryout-list. */
export async function getTryouts(http: HttpClient, params: { limit: number; offset: number } & TryoutListFilter) {
  return http.get<{ data: TryoutSummary[]; meta: { total: number } }>('webhook/tryout-list', { ...params });
}

/** GET webhook/quiz-detail. */
export async function getQuizDetail(http: HttpClient, quizId: string): Promise<QuizDetail> {
  return (await http.get<{ data: QuizDetail }>('webhook/quiz-detail', { quiz_id: quizId })).data;
}

/** POST webhook/quiz-check: the attempt to take (the same one for the same key). */
export async function startQuiz(http: HttpClient, quizId: string, startKey: string): Promise<{ attempt_id: string }> {
  return (await http.post<{ data: { attempt_id: string } }>('webhook/quiz-check', { quiz_id: quizId, start_key: startKey })).data;
}

/** GET webhook/quiz-question-list. */
export async function getQuestions(http: HttpClient, attemptId: string): Promise<QuestionListResponse['data']> {
  return (await http.get<QuestionListResponse>('webhook/quiz-question-list', { attempt_id: attemptId })).data;
}

/** POST webhook/quiz-user-answer. */
export async function postAnswer(http: HttpClient, input: SaveAnswerInput): Promise<AttemptClock & { applied: boolean; seq: number }> {
  return (await http.post<{ data: AttemptClock & { applied: boolean; seq: number } }>('webhook/quiz-user-answer', input)).data;
}

/** POST webhook/quiz-subtest-finish. */
export async function postFinishSubtest(http: HttpClient, attemptId: string, subtest: number): Promise<AttemptClock> {
  return (await http.post<{ data: AttemptClock }>('webhook/quiz-subtest-finish', { attempt_id: attemptId, subtest })).data;
}

/** POST webhook/quiz-submit. */
export async function postSubmit(http: HttpClient, attemptId: string): Promise<AttemptClock> {
  return (await http.post<{ data: AttemptClock }>('webhook/quiz-submit', { attempt_id: attemptId })).data;
}

/** POST webhook/redeem-voucher. */
export async function redeemVoucher(http: HttpClient, code: string): Promise<{ quiz_id: string }> {
  return (await http.post<{ data: { quiz_id: string } }>('webhook/redeem-voucher', { code })).data;
}

/** GET webhook/tryout-achievements. */
export async function getAchievements(http: HttpClient, quizId: string): Promise<Achievements> {
  return (await http.get<{ data: Achievements }>('webhook/tryout-achievements', { quiz_id: quizId })).data;
}

/** GET webhook/tryout-explanation. */
export async function getExplanation(http: HttpClient, quizId: string): Promise<ReviewedQuestion[]> {
  return (await http.get<{ data: ReviewedQuestion[] }>('webhook/tryout-explanation', { quiz_id: quizId })).data;
}

/** GET webhook/quiz-rating-list. */
export async function getRanking(http: HttpClient, quizId: string, scope: string) {
  return http.get<{ data: { rank: number; name: string; school_name: string | null; score: number }[]; meta: { total: number; ready: boolean } }>('webhook/quiz-rating-list', { quiz_id: quizId, scope, limit: 20 });
}
