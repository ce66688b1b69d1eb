import type { Queryable } from '../db/client.ts';
import { attemptDeadline } from '../../src/lib/quizzes/rules.ts';
import { insertQuiz, writeContent, type QuestionFields } from '../quizzes/authoring.repository.ts';
import { findQuiz } from '../quizzes/quizzes.repository.ts';
import { findAttempt, insertAttempt } from '../quizzes/attempts.repository.ts';
import { submitLocked } from '../quizzes/scoring.service.ts';
import { markScored, rebuildRankings, writeFinalTryoutScores } from '../quizzes/scoring.repository.ts';
import { schoolOfUser } from '../schools/membership.repository.ts';
import { generateQuestions, seededRandom, type QuestionKind, type Synopsis } from './quiz-questions.ts';
import type { DemoSchool } from './schools.ts';

/*
 * The demo's quizzes: three free tryouts (one open now, one closed last week with results and
 * rankings, and a quick arithmetic drill for junior high of two one-minute rounds), a paid SNBT package in the UTBK shape (seven subtests, 210 questions, a voucher
 * SNBT-DEMO-2026), and Pak Andi's quiz for XI IPA 1. The demo students finished the closed tryout
 * and Rina the class quiz; Sekar is in the middle of the open tryout with time left.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The UTBK subtests with their minutes and the kinds of questions made for them. */
const UTBK: { title: string; minutes: number; kinds: QuestionKind[] }[] = [
  { title: 'Penalaran Umum', minutes: 30, kinds: ['sequence', 'true_false', 'equation'] },
  { title: 'Pengetahuan dan Pemahaman Umum', minutes: 15, kinds: ['reading'] },
  { title: 'Pemahaman Bacaan dan Menulis', minutes: 25, kinds: ['reading', 'word'] },
  { title: 'Pengetahuan Kuantitatif', minutes: 20, kinds: ['arithmetic', 'percent', 'equation'] },
  { title: 'Literasi dalam Bahasa Indonesia', minutes: 43, kinds: ['reading', 'word'] },
  { title: 'Literasi dalam Bahasa Inggris', minutes: 20, kinds: ['word_en'] },
  { title: 'Penalaran Matematika', minutes: 43, kinds: ['word', 'percent', 'sequence', 'equation'] },
];

async function synopses(tx: Queryable, organizationId: string): Promise<Synopsis[]> {
  const { rows } = await tx.query<{ title: string; description: string }>(
    `SELECT catalog_title AS title, description FROM books WHERE organization_id = $1 AND description IS NOT NULL ORDER BY catalog_title`,
    [organizationId],
  );
  return rows
    .map((b) => ({ title: b.title, text: b.description.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() }))
    .filter((b) => b.text.length >= 80 && b.text.length <= 500 && !b.text.includes(b.title));
}

/** Adds answers to an attempt: for each question, right with probability `skill`, else a wrong option. */
async function answerAttempt(tx: Queryable, attemptId: string, quizId: string, skill: number, seed: number, now: Date, onlyFirst?: number): Promise<void> {
  const r = seededRandom(seed);
  const { rows } = await tx.query<{ id: string; type: string; numeric_answer: number | null; right: string[]; wrong: string[] }>(
    `SELECT q.id, q.type, q.numeric_answer::float8 AS numeric_answer,
            array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right,
            array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id AND NOT o.correct) AS wrong
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  const chosen = rows.slice(0, onlyFirst ?? rows.length).filter(() => r() < 0.92).map((q, i) => {
    const good = r() < skill;
    if (q.type === 'numeric') return { id: q.id, options: [] as string[], value: good ? q.numeric_answer : (q.numeric_answer ?? 0) + 1, seq: i + 1 };
    if (q.type === 'multiple') return { id: q.id, options: good ? q.right : q.right.slice(0, 1), value: null, seq: i + 1 };
    return { id: q.id, options: good ? q.right : [q.wrong[Math.floor(r() * q.wrong.length)]!], value: null, seq: i + 1 };
  });
  if (!chosen.length) return;
  await tx.query(
    `INSERT INTO quiz_answers (attempt_id, question_id, option_ids, numeric_value, uncertain, seq, saved_at)
     SELECT $1, x.q, string_to_array(x.o, ',')::uuid[], x.v, x.u, x.s, $7 FROM unnest($2::uuid[], $3::text[], $4::numeric[], $5::boolean[], $6::int[]) AS x(q, o, v, u, s)`,
    [attemptId, chosen.map((c) => c.id), chosen.map((c) => c.options.join(',')), chosen.map((c) => c.value), chosen.map((_, i) => i % 7 === 3), chosen.map((c) => c.seq), now],
  );
}

/** Starts an attempt for a demo user at `startedAt` with their school recorded. */
async function startFor(tx: Queryable, quizId: string, userId: string, startedAt: Date, durations: number[], closesAt: Date, linear: boolean) {
  const school = await schoolOfUser(tx, userId);
  const deadline = attemptDeadline(durations, 1, startedAt, closesAt);
  const first = linear ? new Date(Math.min(startedAt.getTime() + durations[0]! * 1000, deadline.getTime())) : deadline;
  return insertAttempt(tx, {
    quiz_id: quizId, user_id: userId, attempt_no: 1, start_key: `demo-${quizId}-${userId}`, started_at: startedAt, deadline_at: deadline,
    current_subtest: 1, subtest_started_at: startedAt, subtest_deadline_at: first,
    school_id: school?.id ?? null, province_code: school?.province_code ?? null, regency_code: school?.regency_code ?? null,
  });
}

/** Hands in an attempt at `at` and scores it as a submission would. */
async function handIn(tx: Queryable, organizationId: string, attemptId: string, at: Date): Promise<void> {
  const attempt = (await findAttempt(tx, attemptId, true))!;
  const quiz = (await findQuiz(tx, attempt.quiz_id, organizationId))!;
  await submitLocked(tx, quiz, attempt, at, 'student');
}

/** One single-choice sum with its right result among four wrong ones, the right one at `place`. */
function sum(body: string, right: number, wrong: number[], place: number): QuestionFields {
  const options = wrong.map((w) => ({ body: String(w), correct: false }));
  options.splice(place, 0, { body: String(right), correct: true });
  return { type: 'single', body, options, explanation: `${body.replace(' = …', '')} = ${right}.`, reference: 'Tabel perkalian 1–12.' };
}

/** The drill's two rounds: times tables, then their divisions; a minute each. */
const DRILL = [
  { title: 'Perkalian', minutes: 1, questions: [sum('6 × 7 = …', 42, [36, 48, 49, 54], 0), sum('8 × 9 = …', 72, [63, 64, 76, 81], 2), sum('12 × 11 = …', 132, [121, 122, 131, 144], 3), sum('15 × 4 = …', 60, [45, 54, 64, 75], 1)] },
  { title: 'Pembagian', minutes: 1, questions: [sum('56 ÷ 8 = …', 7, [5, 6, 8, 9], 1), sum('81 ÷ 9 = …', 9, [7, 8, 10, 11], 2), sum('144 ÷ 12 = …', 12, [11, 13, 14, 24], 0), sum('96 ÷ 4 = …', 24, [22, 23, 26, 32], 4)] },
];

/** Inserts the demo quizzes, attempts and rankings. `userIds` by demo account key. */
export async function insertQuizzes(tx: Queryable, organizationId: string, userIds: Map<string, string>, school: DemoSchool | null, now = new Date()): Promise<void> {
  const books = await synopses(tx, organizationId);
  const at = (offset: number) => new Date(now.getTime() + offset);
  const tryout = async (fields: { title: string; description: string; subject_group: string; level?: string; price: number; opens: number; closes: number; linear: boolean }, subtests: { title: string; minutes: number; questions: QuestionFields[] }[]) => {
    const id = await insertQuiz(tx, {
      organization_id: organizationId, kind: 'tryout', title: fields.title, description: fields.description, subject_group: fields.subject_group, level: fields.level ?? 'SMA',
      price: fields.price, passing_grade: 550, opens_at: at(fields.opens), closes_at: at(fields.closes), linear: fields.linear, published_at: at(fields.opens),
    });
    await writeContent(tx, id, subtests.map((s) => ({ title: s.title, seconds: s.minutes * 60, questions: s.questions })));
    return id;
  };

  const open = await tryout(
    { title: 'Tryout Gratis SNBT #1: Kuantitatif', description: 'Latihan gratis dua subtes: pengetahuan kuantitatif dan penalaran matematika. Dikerjakan berurutan; setiap subtes punya waktunya sendiri.', subject_group: 'saintek', price: 0, opens: -2 * DAY, closes: 14 * DAY, linear: true },
    [
      { title: 'Pengetahuan Kuantitatif', minutes: 15, questions: generateQuestions(101, 10, ['arithmetic', 'percent', 'equation', 'true_false']) },
      { title: 'Penalaran Matematika', minutes: 15, questions: generateQuestions(102, 10, ['word', 'sequence', 'equation']) },
    ],
  );
  const closed = await tryout(
    { title: 'Tryout Gratis SNBT #0: Literasi', description: 'Tryout gratis pekan lalu: literasi bahasa Indonesia dan penalaran umum. Hasil, pembahasan, dan peringkat sudah dapat dilihat.', subject_group: 'soshum', price: 0, opens: -10 * DAY, closes: -7 * DAY, linear: false },
    [
      { title: 'Literasi dalam Bahasa Indonesia', minutes: 20, questions: generateQuestions(201, 10, ['reading', 'word'], books) },
      { title: 'Penalaran Umum', minutes: 20, questions: generateQuestions(202, 10, ['sequence', 'true_false', 'equation']) },
    ],
  );
  const paid = await tryout(
    { title: 'Paket Tryout SNBT Lengkap 2027', description: 'Tujuh subtes dalam urutan dan waktu UTBK, 210 soal dengan pembahasan dan materi rujukan. Nilai akhir 0–1000 per subtes dihitung setelah jadwal ditutup; peringkat nasional, provinsi, kota, dan sekolah.', subject_group: 'umum', price: 49_000, opens: -1 * DAY, closes: 30 * DAY, linear: true },
    UTBK.map((s, i) => ({ title: s.title, minutes: s.minutes, questions: generateQuestions(300 + i, 30, s.kinds, books) })),
  );
  await tryout(
    { title: 'Latihan Kilat Berhitung SMP', description: 'Dua babak hitung cepat, masing-masing empat soal dalam satu menit: perkalian, lalu pembagian. Saat waktu babak pertama habis, babak kedua langsung dimulai.', subject_group: 'mapel', level: 'SMP', price: 0, opens: -1 * DAY, closes: 60 * DAY, linear: true },
    DRILL,
  );
  await tx.query(`INSERT INTO quiz_vouchers (code, quiz_id, uses_left) VALUES ('SNBT-DEMO-2026', $1, 50)`, [paid]);

  // Last week's tryout: every demo student and reader took it; scored and ranked after it closed.
  const takers = ['siswa', 'rina', 'yoga', 'belum'].map((k) => userIds.get(k)).filter((id): id is string => !!id);
  const others = [...userIds.entries()].filter(([k]) => !['siswa', 'rina', 'yoga', 'belum', 'guru', 'andi', 'pustakawan'].includes(k)).map(([, id]) => id);
  for (const [i, userId] of [...takers, ...others].entries()) {
    const started = at(-9 * DAY + i * 17 * MINUTE);
    const attempt = await startFor(tx, closed, userId, started, [1200, 1200], at(-7 * DAY), false);
    await answerAttempt(tx, attempt.id, closed, 0.35 + ((i * 37) % 60) / 100, 500 + i, started);
    await handIn(tx, organizationId, attempt.id, new Date(started.getTime() + (18 + ((i * 11) % 20)) * MINUTE));
  }
  await writeFinalTryoutScores(tx, closed, 550);
  await rebuildRankings(tx, closed);
  await markScored(tx, closed, at(-7 * DAY));

  // Sekar is in the middle of the open tryout: three minutes into its first subtest, some answers given.
  const sekar = userIds.get('siswa');
  if (sekar) {
    const attempt = await startFor(tx, open, sekar, at(-3 * MINUTE), [900, 900], at(14 * DAY), true);
    await answerAttempt(tx, attempt.id, open, 0.8, 900, at(-MINUTE), 4);
  }

  // Pak Andi's quiz for XI IPA 1, open this week; Rina has finished it.
  const andi = userIds.get('andi');
  const ipa = school?.classIds.get('XI IPA 1');
  if (!school || !andi || !ipa) return;
  const quiz = await insertQuiz(tx, {
    organization_id: organizationId, kind: 'quiz', title: 'Kuis Aljabar: Persamaan Linear', description: 'Kuis singkat bab persamaan linear satu variabel. Nilai lulus 70.',
    passing_grade: 70, opens_at: at(-DAY), closes_at: at(6 * DAY), school_id: school.schoolId, class_id: ipa, created_by: andi, published_at: at(-DAY),
  });
  const questions: QuestionFields[] = [
    ...generateQuestions(700, 6, ['equation', 'arithmetic', 'sequence']),
    { type: 'multiple', body: 'Manakah yang merupakan persamaan linear satu variabel?', options: [{ body: '2x + 3 = 7', correct: true }, { body: 'x² = 9', correct: false }, { body: '5 − y = 1', correct: true }, { body: 'xy = 4', correct: false }], explanation: 'Persamaan linear satu variabel memuat satu variabel berpangkat satu.', reference: 'Bab 2: Persamaan linear.' },
    ...generateQuestions(701, 3, ['true_false', 'percent', 'word']),
  ];
  await writeContent(tx, quiz, [{ title: 'Kuis Aljabar: Persamaan Linear', seconds: 20 * 60, questions }]);
  const rina = userIds.get('rina');
  if (rina) {
    const attempt = await startFor(tx, quiz, rina, at(-5 * 60 * MINUTE), [1200], at(6 * DAY), false);
    await answerAttempt(tx, attempt.id, quiz, 0.75, 800, at(-5 * 60 * MINUTE));
    await handIn(tx, organizationId, attempt.id, at(-5 * 60 * MINUTE + 14 * MINUTE));
  }
}
