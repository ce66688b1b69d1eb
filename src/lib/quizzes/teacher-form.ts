import { zoneOffsetMinutes } from '../contract/format.ts';
import type { SchoolTimeZone } from '../schools/values.ts';
import type { QuizInput } from './schema.ts';
import type { QuestionType } from './values.ts';
import type { TeacherQuiz } from './teacher-api.ts';
import type { WrittenQuestion } from './schema.ts';

/*
 * The teacher's quiz form as plain values: what the fields hold (texts, as typed), how a quiz as
 * written fills them, and how they become the API's input. Times are typed on the school's clock
 * (WIB, WITA or WIT, by the class's school), never the device's.
 */

/** A question on the form. A numeric answer is kept as typed ("2,5" or "2.5"). */
export interface QuestionDraft {
  type: QuestionType;
  body: string;
  explanation: string;
  points: number;
  image_url: string | null;
  options: { body: string; correct: boolean }[];
  answer: string;
}

/** The form: settings as typed, `opens`/`closes` as `YYYY-MM-DDTHH:MM` on the school's clock. */
export interface QuizDraft {
  class_id: string;
  title: string;
  description: string;
  duration_minutes: string;
  opens: string;
  closes: string;
  passing_grade: string;
  questions: QuestionDraft[];
  /** Settings the form does not show, kept as they were written. */
  kept: { negative_marking: number; max_attempts: number; shuffle: boolean };
}

/** A new question of `type`: true/false comes with its two options, a choice question with two empty ones. */
export function newQuestion(type: QuestionType, labels: { true: string; false: string }): QuestionDraft {
  const options =
    type === 'true_false' ? [{ body: labels.true, correct: true }, { body: labels.false, correct: false }]
    : type === 'numeric' ? []
    : [{ body: '', correct: true }, { body: '', correct: false }];
  return { type, body: '', explanation: '', points: 1, image_url: null, options, answer: '' };
}

/** The question with another type: the body and explanation stay; the options fit the new type. */
export function changeType(question: QuestionDraft, type: QuestionType, labels: { true: string; false: string }): QuestionDraft {
  const fresh = newQuestion(type, labels);
  const keepOptions = (type === 'single' || type === 'multiple') && (question.type === 'single' || question.type === 'multiple') && question.options.length >= 2;
  const options = keepOptions
    ? question.options.map((o, i) => ({ ...o, correct: type === 'single' ? i === question.options.findIndex((x) => x.correct) : o.correct }))
    : fresh.options;
  return { ...question, type, options };
}

/** `iso` on the school's clock as a `datetime-local` value. */
export function toLocalInput(iso: string, zone: SchoolTimeZone): string {
  const at = new Date(iso);
  return new Date(at.getTime() + zoneOffsetMinutes(zone, at) * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value on the school's clock as an ISO instant, or '' when it is not a time. */
export function fromLocalInput(value: string, zone: SchoolTimeZone): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value.slice(0, 16))) return '';
  const asUtc = Date.parse(`${value.slice(0, 16)}:00Z`);
  if (Number.isNaN(asUtc)) return '';
  // Indonesia's zones keep one offset all year, so the offset at the typed time is the offset.
  return new Date(asUtc - zoneOffsetMinutes(zone, new Date(asUtc)) * 60_000).toISOString();
}

function written(q: WrittenQuestion): QuestionDraft {
  return { type: q.type, body: q.body, explanation: q.explanation, points: q.points, image_url: q.image_url, options: q.options.map((o) => ({ ...o })), answer: q.answer === null ? '' : String(q.answer) };
}

/** The form filled with a quiz as written. */
export function draftOf(quiz: TeacherQuiz): QuizDraft {
  return {
    class_id: quiz.class_id, title: quiz.title, description: quiz.description, duration_minutes: String(quiz.duration_minutes),
    opens: toLocalInput(quiz.opens_at, quiz.time_zone), closes: toLocalInput(quiz.closes_at, quiz.time_zone), passing_grade: String(quiz.passing_grade),
    questions: quiz.questions.map(written),
    kept: { negative_marking: quiz.negative_marking, max_attempts: quiz.max_attempts, shuffle: quiz.shuffle },
  };
}

/** An empty form for `classId`, opening at `now` (on the school's clock) for a week, 30 minutes long. */
export function emptyDraft(classId: string, zone: SchoolTimeZone, now: Date, first: QuestionDraft): QuizDraft {
  const opens = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  const closes = new Date(opens.getTime() + 7 * 86_400_000);
  return {
    class_id: classId, title: '', description: '', duration_minutes: '30', opens: toLocalInput(opens.toISOString(), zone), closes: toLocalInput(closes.toISOString(), zone),
    passing_grade: '70', questions: [first], kept: { negative_marking: 0, max_attempts: 1, shuffle: false },
  };
}

/** A number as typed, with a decimal comma or point; NaN for anything else, null for nothing. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/**
 * The form as the API's input. The API checks it with the contract's schema and answers the code of
 * the first problem (`invalid_title`, `invalid_window`, …) naming the question it is in, if any
 * (`teacher-store.ts` reads it back); the page carries no schema code of its own.
 */
export function quizInputOf(draft: QuizDraft, zone: SchoolTimeZone): QuizInput {
  const input = {
    class_id: draft.class_id, title: draft.title, description: draft.description,
    duration_minutes: typedNumber(draft.duration_minutes) ?? Number.NaN,
    opens_at: fromLocalInput(draft.opens, zone), closes_at: fromLocalInput(draft.closes, zone),
    passing_grade: typedNumber(draft.passing_grade) ?? 0,
    ...draft.kept,
    questions: draft.questions.map((q) => ({
      type: q.type, body: q.body, explanation: q.explanation, points: q.points, image_url: q.image_url,
      options: q.type === 'numeric' ? [] : q.options, answer: q.type === 'numeric' ? typedNumber(q.answer) : null,
    })),
  };
  // Values the form could not read (a number that is not one) go as they are; the API names them.
  return input as QuizInput;
}
