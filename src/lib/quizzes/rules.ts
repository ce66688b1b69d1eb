import type { QuestionMark, QuestionType } from './values.ts';

/*
 * Pure rules of quizzes and tryouts: whether an answer is right and what it earns, the time left,
 * where a linear attempt is on the clock, the marks of the exam grid, the ranking order and the
 * item weights of the tryout scoring model.
 */

/** A question's key as the server keeps it. */
export interface AnswerKey {
  type: QuestionType;
  points: number;
  correctOptionIds: string[];
  numericAnswer: number | null;
}

/** What a taker answered; no options and no value means unanswered. */
export interface GivenAnswer {
  optionIds: string[];
  value: number | null;
}

/** Numeric answers are right within this distance of the key (rounding of decimals). */
export const NUMERIC_TOLERANCE = 1e-6;

/** True when the taker gave something for the question. */
export function isAnswered(answer: GivenAnswer | undefined): boolean {
  return !!answer && (answer.optionIds.length > 0 || answer.value !== null);
}

/**
 * Whether an answer is right: the one right option (single, true/false); exactly the set of right
 * options (multiple: all or nothing); the key within NUMERIC_TOLERANCE (numeric).
 */
export function isCorrect(key: AnswerKey, answer: GivenAnswer | undefined): boolean {
  if (!answer || !isAnswered(answer)) return false;
  if (key.type === 'numeric') return answer.value !== null && key.numericAnswer !== null && Math.abs(answer.value - key.numericAnswer) <= NUMERIC_TOLERANCE;
  const given = new Set(answer.optionIds);
  return given.size === key.correctOptionIds.length && key.correctOptionIds.every((id) => given.has(id));
}

/**
 * Points for one answer: the question's points when right; when wrong and answered, minus
 * `negative` × points (negative marking, 0 by default); nothing for an unanswered question.
 */
export function pointsFor(key: AnswerKey, answer: GivenAnswer | undefined, negative = 0): number {
  if (isCorrect(key, answer)) return key.points;
  return isAnswered(answer) && negative > 0 ? -negative * key.points : 0;
}

/** A quiz's score in percent (two decimals): points earned over points possible, never below 0. */
export function quizPercent(earned: number, possible: number): number {
  if (possible <= 0) return 0;
  return round2(Math.max(0, (100 * earned) / possible));
}

/** Rounds to two decimals, as scores are stored. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Whole seconds from `now` to `deadline`, never negative. */
export function secondsLeft(deadline: Date, now: Date): number {
  return Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
}

/** A countdown as m:ss, or h:mm:ss from an hour on. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The offset to add to the local clock, from a server time and the request's send and receive times. */
export function clockOffset(serverTimeMs: number, sentAtMs: number, receivedAtMs: number): number {
  return serverTimeMs - (sentAtMs + receivedAtMs) / 2;
}

/** Where a linear attempt is: its subtest (1-based), when that began and when it ends. */
export interface LinearPosition {
  subtest: number;
  startedAt: Date;
  deadline: Date;
}

/**
 * Rolls a linear attempt forward on the clock: a subtest whose deadline has passed is over and the
 * next one begins at that deadline, for its own duration, never past the window's close. Past the
 * last subtest the position stays on it (the attempt is then due to be submitted).
 */
export function rollForward(durations: number[], at: LinearPosition, closesAt: Date, now: Date): LinearPosition {
  let { subtest, startedAt, deadline } = at;
  while (deadline <= now && subtest < durations.length && deadline < closesAt) {
    subtest += 1;
    startedAt = deadline;
    deadline = new Date(Math.min(startedAt.getTime() + durations[subtest - 1]! * 1000, closesAt.getTime()));
  }
  return { subtest, startedAt, deadline };
}

/** The attempt's last moment when subtest `subtest` begins at `startedAt`: the remaining durations, capped by the close. */
export function attemptDeadline(durations: number[], subtest: number, startedAt: Date, closesAt: Date): Date {
  const rest = durations.slice(subtest - 1).reduce((sum, d) => sum + d, 0);
  return new Date(Math.min(startedAt.getTime() + rest * 1000, closesAt.getTime()));
}

/** The mark of a question on the grid: uncertain wins over answered. */
export function markOf(answer: (GivenAnswer & { uncertain: boolean }) | undefined): QuestionMark {
  if (answer?.uncertain) return 'uncertain';
  return isAnswered(answer) ? 'answered' : 'unanswered';
}

/** How many questions carry each mark. */
export function markCounts(marks: QuestionMark[]): Record<QuestionMark, number> {
  const counts: Record<QuestionMark, number> = { answered: 0, unanswered: 0, uncertain: 0 };
  for (const m of marks) counts[m] += 1;
  return counts;
}

/** A finished first attempt as rankings compare them. */
export interface Ranked {
  score: number;
  durationMs: number;
  submittedAt: number;
}

/** Ranking order: higher final score, then the shorter time taken, then the earlier submission. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.score - a.score || a.durationMs - b.durationMs || a.submittedAt - b.submittedAt;
}

/** Standard competition ranks (1, 2, 2, 4) of entries in ranking order; full ties share a rank. */
export function competitionRanks(sorted: Ranked[]): number[] {
  return sorted.map((entry, i) => {
    let j = i;
    while (j > 0 && compareRanked(sorted[j - 1]!, entry) === 0) j -= 1;
    return j + 1;
  });
}

/**
 * The tryout's item weight (a Rasch-style difficulty): with p the share of takers who got the
 * item right, smoothed to (right + 0.5) / (takers + 1) so it is never 0 or 1, the weight is
 * ln((1 − p) / p) shifted by +3 and kept at least 0.1 — easy items weigh little, hard ones much.
 */
export function itemWeight(right: number, takers: number): number {
  const p = (right + 0.5) / (takers + 1);
  return Math.max(0.1, Math.log((1 - p) / p) + 3);
}

/** A subtest's final score: the weights of the items answered right over all its weights, scaled 0–1000. */
export function weightedScore(weights: number[], right: boolean[], scale = 1000): number {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return 0;
  const earned = weights.reduce((s, w, i) => s + (right[i] ? w : 0), 0);
  return round2((scale * earned) / total);
}

/** A deterministic per-attempt order of ids (question or option shuffling): sorted by a hash of seed and id. */
export function shuffledBy<T extends { id: string }>(items: T[], seed: string): T[] {
  const hash = (text: string) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return h;
  };
  return [...items].sort((a, b) => hash(seed + a.id) - hash(seed + b.id));
}

/**
 * A question's picture is an object uploaded to this site (`/storage/object/{id}`): the site's
 * content policy loads pictures only from itself, so an address elsewhere is never taken.
 */
export const QUESTION_PICTURE_PATTERN = /^\/storage\/object\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The uploaded object a question's picture address names, or null when it names none. */
export function pictureObjectId(url: string | null | undefined): string | null {
  return url ? (QUESTION_PICTURE_PATTERN.exec(url)?.[1] ?? null) : null;
}

/** The address of an uploaded object, as a question's picture. */
export function pictureUrl(objectId: string): string {
  return `/storage/object/${objectId}`;
}
