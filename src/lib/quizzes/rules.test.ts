import { describe, expect, test } from 'vitest';
import {
  attemptDeadline, clockOffset, formatClock, competitionRanks, compareRanked, isCorrect, itemWeight, markCounts, markOf, pointsFor, quizPercent, rollForward,
  secondsLeft, shuffledBy, weightedScore, type AnswerKey,
} from './rules.ts';

const single: AnswerKey = { type: 'single', points: 2, correctOptionIds: ['a'], numericAnswer: null };
const multiple: AnswerKey = { type: 'multiple', points: 1, correctOptionIds: ['a', 'c'], numericAnswer: null };
const numeric: AnswerKey = { type: 'numeric', points: 1, correctOptionIds: [], numericAnswer: 2.5 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 8, minutes));

describe('answers', () => {
  test('right, wrong and unanswered, with negative marking only when asked', () => {
    expect(pointsFor(single, { optionIds: ['a'], value: null })).toBe(2);
    expect(pointsFor(single, { optionIds: ['b'], value: null })).toBe(0);
    expect(pointsFor(single, { optionIds: ['b'], value: null }, 0.25)).toBe(-0.5);
    expect(pointsFor(single, { optionIds: [], value: null }, 0.25)).toBe(0);
    expect(isCorrect(multiple, { optionIds: ['c', 'a'], value: null })).toBe(true);
    expect(isCorrect(multiple, { optionIds: ['a'], value: null })).toBe(false);
    expect(isCorrect(multiple, { optionIds: ['a', 'b', 'c'], value: null })).toBe(false);
    expect(isCorrect(numeric, { optionIds: [], value: 2.5000001 })).toBe(true);
    expect(isCorrect(numeric, { optionIds: [], value: 2.51 })).toBe(false);
    expect(quizPercent(-1, 5)).toBe(0);
    expect(quizPercent(2, 3)).toBe(66.67);
  });

  test('marks: uncertain wins over answered', () => {
    const marks = [markOf(undefined), markOf({ optionIds: ['a'], value: null, uncertain: false }), markOf({ optionIds: [], value: null, uncertain: true })];
    expect(marks).toEqual(['unanswered', 'answered', 'uncertain']);
    expect(markCounts(marks)).toEqual({ answered: 1, unanswered: 1, uncertain: 1 });
  });
});

describe('the clock', () => {
  test('time left never goes below zero, and the offset is measured at the middle of the request', () => {
    expect(secondsLeft(at(10), at(9))).toBe(60);
    expect(secondsLeft(at(10), at(11))).toBe(0);
    expect(clockOffset(10_000, 1_000, 3_000)).toBe(8_000);
    expect([formatClock(65), formatClock(3_725), formatClock(-3)]).toEqual(['1:05', '1:02:05', '0:00']);
  });

  test('a linear attempt moves to the next subtest at each deadline, never past the close', () => {
    const durations = [600, 600, 600];
    const start = { subtest: 1, startedAt: at(0), deadline: at(10) };
    expect(rollForward(durations, start, at(30), at(5))).toEqual(start);
    expect(rollForward(durations, start, at(30), at(10))).toEqual({ subtest: 2, startedAt: at(10), deadline: at(20) });
    expect(rollForward(durations, start, at(30), at(25))).toEqual({ subtest: 3, startedAt: at(20), deadline: at(30) });
    expect(rollForward(durations, start, at(15), at(25))).toEqual({ subtest: 2, startedAt: at(10), deadline: at(15) });
    expect(rollForward(durations, start, at(30), at(45)).subtest).toBe(3);
    expect(attemptDeadline(durations, 2, at(5), at(60))).toEqual(at(25));
    expect(attemptDeadline(durations, 1, at(0), at(12))).toEqual(at(12));
  });
});

describe('ranking and the item model', () => {
  test('higher score, then shorter time, then earlier submission; full ties share a rank', () => {
    const entries = [
      { score: 500, durationMs: 20, submittedAt: 5 },
      { score: 900, durationMs: 50, submittedAt: 9 },
      { score: 500, durationMs: 10, submittedAt: 7 },
      { score: 500, durationMs: 20, submittedAt: 5 },
      { score: 500, durationMs: 20, submittedAt: 6 },
    ].sort(compareRanked);
    expect(entries.map((e) => e.score)).toEqual([900, 500, 500, 500, 500]);
    expect(entries[1]!.durationMs).toBe(10);
    expect(competitionRanks(entries)).toEqual([1, 2, 3, 3, 5]);
  });

  test('hard items weigh more; a subtest scales to 1000', () => {
    expect(itemWeight(1, 10)).toBeGreaterThan(itemWeight(9, 10));
    expect(itemWeight(1000, 1000)).toBe(Math.max(0.1, Math.log(0.5 / 1000.5) + 3));
    // 4 takers, item 1 right 3 times (p = 3.5/5 = 0.7), item 2 once (p = 0.3): weights 3 ∓ ln(7/3), sum 6.
    const w = [itemWeight(3, 4), itemWeight(1, 4)];
    expect(w[0]).toBeCloseTo(3 - Math.log(7 / 3), 12);
    expect(weightedScore(w, [true, false])).toBe(358.78);
    expect(weightedScore(w, [true, true])).toBe(1000);
  });

  test('shuffling is the same for one attempt and keeps every item', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    expect(shuffledBy(items, 'x')).toEqual(shuffledBy(items, 'x'));
    expect(shuffledBy(items, 'x').map((i) => i.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
