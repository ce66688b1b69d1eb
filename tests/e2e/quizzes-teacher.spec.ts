import type { Browser, Page } from 'playwright/test';
import { expect, guardPage, test } from './support/console-guard.ts';
import { signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { noisePng } from './support/images.ts';

/*
 * A teacher's class quiz on a desktop and on a phone: Pak Andi finds "his quizzes" from the school
 * page, writes a quiz for XI IPA 1 with a single-choice question with a picture, a numeric and a true/false question, saves
 * it as a draft and publishes it (a change from a page opened earlier is then refused, the refusal
 * shown translated); a student of the class takes it; Andi gives that student and then everyone
 * more time and sees the new deadlines, then sees her handed-in result. A student opening the
 * teacher's pages is told they are for teachers.
 */

const SCREENS = [
  { name: 'desktop', student: { email: 'siswa@demo.id', name: 'Sekar Ayu Lestari' }, use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', student: { email: 'rina@demo.id', name: 'Rina Marpaung' }, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

async function person(browser: Browser, email: string, use: (typeof SCREENS)[number]['use'], errors: string[], allow: RegExp | null = null): Promise<Page> {
  const context = await browser.newContext({ ...use, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  guardPage(page, errors, allow);
  await signIn(page, email, undefined, '/');
  return page;
}

/** The demo school keeps WIB (UTC+7): `minutes` from now as a `datetime-local` value on its clock. */
const wib = (minutes: number) => new Date(Date.now() + 7 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 16);

for (const screen of SCREENS) {
  test(`a teacher writes, publishes and extends a class quiz on a ${screen.name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    const title = `Kuis Bilangan ${screen.name} ${Date.now().toString(36)}`;
    // The API checks the quiz form, so a form with a problem is answered 400, which the browser logs.
    const andi = await person(browser, 'andi@demo.id', screen.use, errors, /status of 400 \(Bad Request\) \(http:\/\/[^)]+\/webhook\/quiz-(create|update)/);
    // The student's page of a teacher's quiz answers 403 by design, which the browser logs.
    const student = await person(browser, screen.student.email, screen.use, errors, /status of 403/);

    // From the school page to "my quizzes" and a new quiz.
    await andi.goto('/school');
    await andi.locator('[data-teacher-quizzes-link]').click();
    await andi.waitForURL('**/quiz/teacher');
    await expect(andi.getByRole('heading', { level: 1, name: 'Kuis saya' })).toBeVisible();
    await andi.locator('[data-new-quiz]').click();
    await andi.waitForURL('**/quiz/teacher/new');
    await hydrated(andi);

    const form = andi.locator('[data-quiz-editor]');
    await form.getByLabel('Judul').fill(title);
    await form.getByLabel('Dibuka (WIB)').fill(wib(-10));
    await form.getByLabel('Ditutup (WIB)').fill(wib(24 * 60));
    await form.getByLabel('Waktu mengerjakan (menit)').fill('15');
    await form.getByLabel('Nilai kelulusan (0–100)').fill('60');
    const q1 = form.locator('[data-question-editor="1"]');
    await q1.getByLabel('Pertanyaan').fill('2 + 3 = ?');
    await q1.getByLabel('Pilihan 1', { exact: true }).fill('5');
    await q1.getByLabel('Pilihan 2', { exact: true }).fill('6');
    await q1.getByLabel('Pembahasan').fill('Dua ditambah tiga sama dengan lima.');
    await q1.getByLabel('Tambah gambar').setInputFiles({ name: 'soal.png', mimeType: 'image/png', buffer: noisePng(48) });
    await expect(q1.getByRole('img', { name: 'Gambar soal 1' })).toBeVisible();
    // A problem is named before anything is sent: question 2 has no text yet.
    await form.locator('[data-add-question]').click();
    await form.locator('[data-save-quiz]').click();
    await expect(form.locator('[data-editor-error]')).toHaveText('Soal 2: Silakan isi pertanyaannya.');
    const q2 = form.locator('[data-question-editor="2"]');
    await q2.getByLabel('Jenis soal').selectOption('numeric');
    await q2.getByLabel('Pertanyaan').fill('10 ÷ 4 = ?');
    await q2.getByLabel('Jawaban benar (angka)').fill('2,5');
    await form.locator('[data-add-question]').click();
    const q3 = form.locator('[data-question-editor="3"]');
    await q3.getByLabel('Jenis soal').selectOption('true_false');
    await q3.getByLabel('Pertanyaan').fill('7 adalah bilangan prima.');
    await form.locator('[data-save-quiz]').click();
    await andi.waitForURL(/\/quiz\/teacher\/[0-9a-f-]{36}\?saved=1$/);
    await hydrated(andi);
    await expect(andi.locator('[data-saved]')).toBeVisible();
    const editor = new URL(andi.url()).pathname;
    const quizId = editor.split('/').pop()!;
    await expect(andi.locator('[data-question-editor="2"]').getByLabel('Jawaban benar (angka)')).toHaveValue('2.5');
    const preview = andi.locator('[data-question-editor="1"] [data-question-picture-preview]');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);

    // A second tab opened before publishing: its later change is refused by the server.
    const stale = await andi.context().newPage();
    guardPage(stale, errors, /status of 409/);
    await stale.goto(editor);
    await hydrated(stale);

    await andi.locator('[data-publish]').click();
    await expect(andi.locator('[data-publish-confirm]')).toContainText('tidak dapat diubah lagi');
    await andi.locator('[data-publish-yes]').click();
    await expect(andi.locator('[data-published-note]')).toContainText('Kuis sudah diterbitkan');
    await expect(andi.getByLabel('Judul')).toBeDisabled();
    await stale.getByLabel('Judul').fill(`${title} (ubah)`);
    await stale.locator('[data-save-quiz]').click();
    await expect(stale.locator('[data-editor-error]')).toHaveText('Kuis yang sudah diterbitkan tidak dapat diubah lagi.');
    await stale.close();

    // The list shows it published; a student is told the teacher's pages are not for her.
    await andi.goto('/quiz/teacher');
    await expect(andi.locator(`[data-teacher-quiz="${title}"] [data-quiz-state]`)).toHaveText('Diterbitkan');
    await student.goto('/quiz/teacher');
    await expect(student.locator('[data-not-teacher]')).toContainText('Halaman ini untuk guru');
    const refused = await student.goto(editor);
    expect(refused?.status()).toBe(403);
    await expect(student.getByRole('alert')).toHaveText('Hanya guru kelas ini yang dapat melakukannya.');

    // The student starts and answers the first question.
    await student.goto(`/quiz/detail/${quizId}`);
    await hydrated(student);
    await student.locator('[data-start]').click();
    await student.waitForURL(/\/quiz\/exam\//);
    await hydrated(student);
    // The question's picture reaches the student of the class.
    const picture = student.locator('[data-question="1"]').getByRole('img', { name: 'Gambar soal 1' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await student.locator('[data-question="1"] [data-option]').first().check();
    await expect(student.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

    // Andi gives her five more minutes, then everyone ten, and sees the deadlines move.
    await andi.goto(`/quiz/teacher/results/${quizId}`);
    await hydrated(andi);
    const row = andi.locator(`[data-participant="${screen.student.name}"]`);
    await expect(row.locator('[data-participant-state]')).toHaveText('Sedang mengerjakan');
    const deadline = async () => (await andi.request.get(`/webhook/quiz-participant-list?quiz_id=${quizId}`)).json().then((b) => Date.parse(b.data[0].deadline_at));
    const before = await deadline();
    const shownBefore = await row.locator('[data-participant-deadline]').innerText();
    await andi.locator('[data-extend-minutes]').fill('5');
    await row.locator('[data-extend-one]').click();
    await expect(andi.locator('[data-extended]')).toHaveText(`5 menit ditambahkan untuk ${screen.student.name}.`);
    await expect(row.locator('[data-participant-deadline]')).not.toHaveText(shownBefore);
    expect(await deadline()).toBe(before + 5 * 60_000);
    const closesBefore = await andi.locator('[data-quiz-closes]').innerText();
    await andi.locator('[data-extend-minutes]').fill('10');
    await andi.locator('[data-extend-all]').click();
    await expect(andi.locator('[data-extended]')).toContainText('10 menit ditambahkan untuk semua (1 pengerjaan berjalan)');
    await expect(andi.locator('[data-quiz-closes]')).not.toHaveText(closesBefore);
    expect(await deadline()).toBe(before + 15 * 60_000);
    await expect(row.locator('[data-participant-deadline]')).toContainText('WIB');

    // The student answers the rest and hands in.
    await student.getByRole('button', { name: 'Berikutnya' }).click();
    await student.locator('[data-question="2"] [data-numeric-answer]').fill('2.5');
    await student.getByRole('button', { name: 'Berikutnya' }).click();
    await student.locator('[data-question="3"] [data-option]').first().check();
    await expect(student.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
    await student.locator('[data-submit]').click();
    await student.locator('[data-confirm-submit]').click();
    await expect(student.locator('[data-exam-finished]')).toBeVisible();

    // Andi sees her result: handed in by her, full marks, passed.
    await andi.reload();
    await hydrated(andi);
    await expect(row.locator('[data-participant-state]')).toContainText('Dikumpulkan oleh siswa');
    await expect(row).toContainText('Nilai: 100');
    await expect(row).toContainText('Lulus');
    await expect(row.locator('[data-extend-one]')).toHaveCount(0);
    await expect(andi.locator('[data-report]')).toContainText('1 peserta, 1 sudah mengumpulkan, 1 lulus');
    const width = await andi.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(screen.use.viewport.width);
    expect(errors).toEqual([]);
  });
}
