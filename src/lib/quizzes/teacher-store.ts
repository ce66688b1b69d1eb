import { map } from 'nanostores';
import { api } from '../http/browser.ts';
import { getParticipants, getTeacherQuiz, postCreateQuiz, postExtendTime, postPublishQuiz, postUpdateQuiz, type TeacherParticipant, type TeacherQuiz } from './teacher-api.ts';
import type { QuizInput } from './schema.ts';
import { pictureUrl } from './rules.ts';
import { uploadObject } from '../account/api.ts';
import { validateImageFile } from '../account/rules.ts';
import { fetchProfile } from '../shell/api.ts';

/*
 * The teacher's actions on their quizzes: saving (a new quiz or a change), publishing, and giving
 * more minutes, with the results as they stand afterwards. A refusal is answered as the API's code,
 * which the page shows translated.
 */

/** A failed action's code (`quiz_published`, `quiz_scored`, … or `unknown`). */
const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'unknown';

/** The question (numbered from 1) a refusal names in its field (`questions.2.image_url` is question 3), or null. */
function questionOf(error: unknown): number | null {
  const field = (error as { body?: { errors?: { field?: string }[] } }).body?.errors?.[0]?.field;
  const index = field ? /^questions\.(\d+)\./.exec(field)?.[1] : undefined;
  return index === undefined ? null : Number(index) + 1;
}

/**
 * Saves the form: a new quiz when `quizId` is null. Answers the quiz's id, or the refusal's code
 * with the question it concerns when it names one.
 */
export async function saveQuiz(quizId: string | null, input: QuizInput): Promise<{ ok: true; quizId: string } | { ok: false; code: string; question: number | null }> {
  try {
    const saved = quizId ? await postUpdateQuiz(api, quizId, input) : await postCreateQuiz(api, input);
    return { ok: true, quizId: saved.quiz_id };
  } catch (error) {
    return { ok: false, code: codeOf(error), question: questionOf(error) };
  }
}

/**
 * Uploads a question's picture (PNG, JPEG or GIF under 2 MB, checked before sending) into the
 * organisation's bucket under images/quizzes. Answers its address for the question, which the
 * quiz's next save attaches; or the refusal's code (`image_type`, `image_too_large`, `quota_exceeded`, …).
 */
export async function uploadQuestionPicture(file: File): Promise<{ ok: true; url: string } | { ok: false; code: string }> {
  const invalid = validateImageFile(file);
  if (invalid) return { ok: false, code: invalid };
  try {
    const bucketName = (await fetchProfile(api)).organizations.id;
    const result = await uploadObject({ bucketName, storagePath: 'images/quizzes', file, fileName: file.name });
    return { ok: true, url: pictureUrl(result.objId) };
  } catch (error) {
    return { ok: false, code: codeOf(error) };
  }
}

/** Publishes a quiz; the quiz as it now stands, or the refusal's code. */
export async function publishQuiz(quizId: string): Promise<{ ok: true; quiz: TeacherQuiz } | { ok: false; code: string }> {
  try {
    await postPublishQuiz(api, quizId);
    return { ok: true, quiz: await getTeacherQuiz(api, quizId) };
  } catch (error) {
    return { ok: false, code: codeOf(error) };
  }
}

/** A quiz's results on screen: the quiz (its close), its participants, and the last action's outcome. */
export interface ResultsView {
  quiz: TeacherQuiz | null;
  participants: TeacherParticipant[];
  busy: boolean;
  error: string | null;
  /** After more time was given: to whom (a name, or null for everyone), how many minutes and how many attempts. */
  extended: { name: string | null; minutes: number; attempts: number } | null;
}

export const $results = map<ResultsView>({ quiz: null, participants: [], busy: false, error: null, extended: null });

/** Shows the results the server rendered. */
export function seedResults(quiz: TeacherQuiz, participants: TeacherParticipant[]): void {
  $results.set({ quiz, participants, busy: false, error: null, extended: null });
}

/**
 * Gives `minutes` more to one student's open attempt (`userId`) or to everyone's (then the
 * window's close moves too), and reads the quiz and participants again to show the new deadlines.
 */
export async function extendTime(minutes: number, userId?: string): Promise<void> {
  const { quiz, participants } = $results.get();
  if (!quiz) return;
  $results.set({ ...$results.get(), busy: true, error: null, extended: null });
  try {
    const { attempts_extended } = await postExtendTime(api, quiz.id, minutes, userId);
    const [fresh, people] = await Promise.all([getTeacherQuiz(api, quiz.id), getParticipants(api, quiz.id)]);
    const name = userId ? (participants.find((p) => p.user_id === userId)?.name ?? null) : null;
    $results.set({ quiz: fresh, participants: people, busy: false, error: null, extended: { name, minutes, attempts: attempts_extended } });
  } catch (error) {
    $results.set({ ...$results.get(), busy: false, error: codeOf(error) });
  }
}
