import type { HttpClient } from '../http/http.ts';
import type { SchoolTimeZone } from '../schools/values.ts';
import type { QuizInput, WrittenQuestion } from './schema.ts';

/* The teacher's quiz calls: the list, a quiz as written, writing, publishing, participants and more time. */

/** A class the caller teaches, with its school's zone. */
export interface TaughtClass {
  id: string;
  name: string;
  school_name: string;
  time_zone: SchoolTimeZone;
}

/** A quiz in the teacher's list (quiz-teacher-list). */
export interface TeacherQuizSummary {
  id: string;
  title: string;
  class_id: string;
  class_name: string;
  time_zone: SchoolTimeZone;
  opens_at: string;
  closes_at: string;
  window: 'upcoming' | 'open' | 'closed';
  published: boolean;
  scored: boolean;
  question_count: number;
  duration_seconds: number;
  participant_count: number;
  submitted_count: number;
}


/** A quiz as its teacher wrote it (quiz-teacher-detail). */
export interface TeacherQuiz {
  id: string;
  class_id: string;
  class_name: string;
  school_name: string;
  time_zone: SchoolTimeZone;
  title: string;
  description: string;
  duration_minutes: number;
  opens_at: string;
  closes_at: string;
  window: 'upcoming' | 'open' | 'closed';
  passing_grade: number;
  negative_marking: number;
  max_attempts: number;
  shuffle: boolean;
  published: boolean;
  published_at: string | null;
  scored: boolean;
  questions: WrittenQuestion[];
  server_time: string;
}

/** One participant as the class's teacher sees them (quiz-participant-list). */
export interface TeacherParticipant {
  user_id: string;
  name: string;
  state: 'in_progress' | 'submitted';
  submitted_at: string | null;
  submitted_by: 'student' | 'timeout' | null;
  deadline_at: string;
  raw_score: number | null;
  final_score: number | null;
  passed: boolean | null;
}

/** A quiz's summary (quiz-rating-report). */
export interface QuizReport {
  participants: number;
  submitted: number;
  mean: number | null;
  highest: number | null;
  lowest: number | null;
  passed: number;
}

/** GET webhook/quiz-teacher-list. */
export async function getTeacherQuizzes(http: HttpClient): Promise<{ quizzes: TeacherQuizSummary[]; classes: TaughtClass[] }> {
  const res = await http.get<{ data: TeacherQuizSummary[]; meta: { classes: TaughtClass[] } }>('webhook/quiz-teacher-list');
  return { quizzes: res.data, classes: res.meta.classes };
}

/** GET webhook/quiz-teacher-detail. */
export async function getTeacherQuiz(http: HttpClient, quizId: string): Promise<TeacherQuiz> {
  return (await http.get<{ data: TeacherQuiz }>('webhook/quiz-teacher-detail', { quiz_id: quizId })).data;
}

/** GET webhook/quiz-participant-list (the first 100, the most a class has). */
export async function getParticipants(http: HttpClient, quizId: string): Promise<TeacherParticipant[]> {
  return (await http.get<{ data: TeacherParticipant[] }>('webhook/quiz-participant-list', { quiz_id: quizId, limit: 100 })).data;
}

/** GET webhook/quiz-rating-report. */
export async function getReport(http: HttpClient, quizId: string): Promise<QuizReport> {
  return (await http.get<{ data: QuizReport }>('webhook/quiz-rating-report', { quiz_id: quizId })).data;
}

/** POST webhook/quiz-create. */
export async function postCreateQuiz(http: HttpClient, quiz: QuizInput): Promise<{ quiz_id: string }> {
  return (await http.post<{ data: { quiz_id: string } }>('webhook/quiz-create', quiz)).data;
}

/** POST webhook/quiz-update. */
export async function postUpdateQuiz(http: HttpClient, quizId: string, quiz: QuizInput): Promise<{ quiz_id: string }> {
  return (await http.post<{ data: { quiz_id: string } }>('webhook/quiz-update', { quiz_id: quizId, quiz })).data;
}

/** POST webhook/quiz-publish. */
export async function postPublishQuiz(http: HttpClient, quizId: string): Promise<void> {
  await http.post('webhook/quiz-publish', { quiz_id: quizId });
}

/** POST webhook/quiz-extend-time: one student's open attempt (`userId`) or everyone's and the window's close. */
export async function postExtendTime(http: HttpClient, quizId: string, minutes: number, userId?: string): Promise<{ attempts_extended: number }> {
  return (await http.post<{ data: { attempts_extended: number } }>('webhook/quiz-extend-time', { quiz_id: quizId, minutes, ...(userId ? { user_id: userId } : {}) })).data;
}
