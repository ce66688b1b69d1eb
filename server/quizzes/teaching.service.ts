import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { quizForTeacher } from './access.ts';
import { windowState } from './catalogue.service.ts';
import { subtestsOf } from './quizzes.repository.ts';
import { classesTaught, classOfQuiz, quizzesOfClasses, writtenQuestionsOf } from './teaching.repository.ts';

/*
 * What a teacher's own pages read: the quizzes of every class they teach, and one quiz as written,
 * keys included, to change it or read it back. Only the classes the caller teaches are ever
 * listed, and a quiz as written is shown only to a teacher of its class (403 `not_class_teacher`).
 */

/**
 * GET quiz-teacher-list: the caller's classes (with their school's time zone) and those classes'
 * quizzes, drafts included, the latest window first. Someone who teaches no class gets two empty lists.
 */
export async function teacherQuizList(deps: ApiDeps, caller: UserRow) {
  const now = deps.now();
  const classes = await classesTaught(deps.db, caller.id);
  const byId = new Map(classes.map((c) => [c.id, c]));
  const quizzes = await quizzesOfClasses(deps.db, caller.organization_id, classes.map((c) => c.id));
  const data = quizzes.map((q) => ({
    id: q.id, title: q.title, class_id: q.class_id, class_name: byId.get(q.class_id)!.name, time_zone: byId.get(q.class_id)!.time_zone,
    opens_at: q.opens_at.toISOString(), closes_at: q.closes_at.toISOString(), window: windowState(q, now),
    published: q.published_at !== null, scored: q.scored_at !== null,
    question_count: q.question_count, duration_seconds: q.duration_seconds, participant_count: q.participant_count, submitted_count: q.submitted_count,
  }));
  return { data, meta: { classes, server_time: now.toISOString() } };
}

/** GET quiz-teacher-detail: one class quiz as its teacher wrote it, in the shape quiz-update takes, with its state. */
export async function teacherQuizDetail(deps: ApiDeps, caller: UserRow, quizId: string) {
  const now = deps.now();
  const quiz = await quizForTeacher(deps.db, caller, quizId);
  const cls = (await classOfQuiz(deps.db, quiz))!;
  const subtests = await subtestsOf(deps.db, quiz.id);
  const seconds = subtests.reduce((n, s) => n + s.duration_seconds, 0);
  return {
    data: {
      id: quiz.id, class_id: cls.id, class_name: cls.name, school_name: cls.school_name, time_zone: cls.time_zone,
      title: quiz.title, description: quiz.description, duration_minutes: Math.round(seconds / 60),
      opens_at: quiz.opens_at.toISOString(), closes_at: quiz.closes_at.toISOString(), window: windowState(quiz, now),
      passing_grade: quiz.passing_grade, negative_marking: quiz.negative_marking, max_attempts: quiz.max_attempts, shuffle: quiz.shuffle,
      published: quiz.published_at !== null, published_at: quiz.published_at?.toISOString() ?? null, scored: quiz.scored_at !== null,
      questions: await writtenQuestionsOf(deps.db, quiz.id),
      server_time: now.toISOString(),
    },
  };
}
