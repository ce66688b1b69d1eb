import { describe, expect, test } from 'vitest';
import { changeType, draftOf, emptyDraft, fromLocalInput, newQuestion, quizInputOf, toLocalInput, typedNumber } from './teacher-form.ts';
import type { TeacherQuiz } from './teacher-api.ts';
import { quizInputSchema } from './schema.ts';

/**
 * What the API answers for the form's input: it checks it with the contract's schema and names the
 * first problem's code and path (server/http/validate.ts), which the page reads back as a question.
 */
function refusal(draft: Parameters<typeof quizInputOf>[0], zone: Parameters<typeof quizInputOf>[1]) {
  const checked = quizInputSchema.safeParse(JSON.parse(JSON.stringify(quizInputOf(draft, zone))));
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { code: issue.message, question: issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? issue.path[1] + 1 : null };
}

const LABELS = { true: 'Benar', false: 'Salah' };
const CLASS = '4f1c2a4e-8d7b-4c55-9d7a-0d1f5e6a7b8c';

const written: TeacherQuiz = {
  id: '0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b', class_id: CLASS, class_name: 'XI IPA 1', school_name: 'SMA', time_zone: 'Asia/Makassar',
  title: 'Kuis', description: '', duration_minutes: 20, opens_at: '2026-12-01T00:00:00.000Z', closes_at: '2026-12-08T00:00:00.000Z', window: 'upcoming',
  passing_grade: 70, negative_marking: 0.25, max_attempts: 2, shuffle: true, published: false, published_at: null, scored: false, server_time: '2026-11-28T00:00:00.000Z',
  questions: [
    { type: 'single', body: '2 + 2?', image_url: null, explanation: 'Jumlahkan.', points: 2, answer: null, options: [{ body: '4', correct: true }, { body: '5', correct: false }] },
    { type: 'numeric', body: '5 ÷ 2?', image_url: '/storage/object/0b7c6f0e-3f4a-4c1e-9a52-5d2f8e1b7a90', explanation: '', points: 1, answer: 2.5, options: [] },
  ],
};

describe('the teacher’s quiz form', () => {
  test('times are typed on the school’s clock: WITA is UTC+8, WIT UTC+9', () => {
    expect(toLocalInput('2026-12-01T00:00:00.000Z', 'Asia/Makassar')).toBe('2026-12-01T08:00');
    expect(fromLocalInput('2026-12-01T08:00', 'Asia/Makassar')).toBe('2026-12-01T00:00:00.000Z');
    expect(fromLocalInput('2026-12-01T08:00', 'Asia/Jayapura')).toBe('2026-11-30T23:00:00.000Z');
    expect(fromLocalInput('', 'Asia/Jakarta')).toBe('');
  });

  test('a quiz as written fills the form and comes back the same, the settings the form hides kept', () => {
    const draft = draftOf(written);
    expect(draft).toMatchObject({ opens: '2026-12-01T08:00', closes: '2026-12-08T08:00', duration_minutes: '20', passing_grade: '70' });
    expect(refusal(draft, 'Asia/Makassar')).toBeNull();
    expect(quizInputOf(draft, 'Asia/Makassar')).toEqual(
      expect.objectContaining({
        class_id: CLASS, duration_minutes: 20, opens_at: written.opens_at, closes_at: written.closes_at, passing_grade: 70,
        negative_marking: 0.25, max_attempts: 2, shuffle: true,
        questions: [expect.objectContaining({ type: 'single', answer: null, points: 2 }), expect.objectContaining({ type: 'numeric', answer: 2.5, options: [], image_url: '/storage/object/0b7c6f0e-3f4a-4c1e-9a52-5d2f8e1b7a90' })],
      }),
    );
  });

  test('a numeric answer takes a decimal comma; anything else is not a number', () => {
    expect([typedNumber('2,5'), typedNumber(' 3 '), typedNumber(''), typedNumber('2,5,1')]).toEqual([2.5, 3, null, Number.NaN]);
  });

  test('the form’s problems, as the API checks them, are the contract’s codes with the question they are in', () => {
    const draft = draftOf(written);
    expect(refusal({ ...draft, title: ' ' }, 'Asia/Jakarta')).toEqual({ code: 'invalid_title', question: null });
    expect(refusal({ ...draft, closes: draft.opens }, 'Asia/Jakarta')).toMatchObject({ code: 'invalid_window' });
    expect(refusal({ ...draft, duration_minutes: 'lama' }, 'Asia/Jakarta')).toMatchObject({ code: 'invalid_duration' });
    const noAnswer = { ...draft, questions: [draft.questions[0]!, { ...draft.questions[1]!, answer: '' }] };
    expect(refusal(noAnswer, 'Asia/Jakarta')).toEqual({ code: 'invalid_answer', question: 2 });
    const twoRight = { ...draft, questions: [{ ...draft.questions[0]!, options: [{ body: '4', correct: true }, { body: '5', correct: true }] }] };
    expect(refusal(twoRight, 'Asia/Jakarta')).toEqual({ code: 'invalid_correct_options', question: 1 });
    expect(refusal({ ...draft, questions: [] }, 'Asia/Jakarta')).toMatchObject({ code: 'invalid_questions' });
  });

  test('new questions and a change of type bring the options the type needs', () => {
    expect(newQuestion('true_false', LABELS).options).toEqual([{ body: 'Benar', correct: true }, { body: 'Salah', correct: false }]);
    expect(newQuestion('numeric', LABELS).options).toEqual([]);
    const multiple = { ...newQuestion('multiple', LABELS), body: 'Prima?', options: [{ body: '2', correct: false }, { body: '3', correct: true }, { body: '5', correct: true }] };
    const single = changeType(multiple, 'single', LABELS);
    expect(single).toMatchObject({ body: 'Prima?', options: [{ body: '2', correct: false }, { body: '3', correct: true }, { body: '5', correct: false }] });
    expect(changeType(single, 'true_false', LABELS).options.map((o) => o.body)).toEqual(['Benar', 'Salah']);
  });

  test('an empty form opens on the next full hour for a week', () => {
    const draft = emptyDraft(CLASS, 'Asia/Jakarta', new Date('2026-11-28T05:20:00Z'), newQuestion('single', LABELS));
    expect([draft.opens, draft.closes]).toEqual(['2026-11-28T13:00', '2026-12-05T13:00']);
  });
});
