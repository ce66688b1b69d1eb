import type { Browser, Page } from 'playwright/test';
import { expect, guardPage, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';

/*
 * The school day with the demo school, on a desktop and on a phone: Sekar opens a lesson from
 * today's agenda; Bagus adds a material and an assignment to it and takes attendance; Sekar hands
 * the assignment in once (a second try is refused), Bagus grades it and Sekar sees the grade; an
 * invitation from Bagus is accepted.
 */

const SCREENS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

async function person(browser: Browser, email: string, use: (typeof SCREENS)[number]['use']): Promise<Page> {
  const context = await browser.newContext({ ...use, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  guardPage(page, []);
  await signIn(page, email, undefined, '/');
  return page;
}

for (const screen of SCREENS) {
  test(`a school day on a ${screen.name}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const tag = `${screen.name}-${Date.now().toString(36)}`;
    const sekar = await person(browser, demoUsers.siswa, screen.use);
    const bagus = await person(browser, demoUsers.guru, screen.use);

    // Today's agenda on Sekar's home leads to the lesson whose assignment is due.
    const agenda = sekar.locator('[data-today-agenda]');
    await expect(agenda.getByRole('heading', { name: 'Agenda hari ini' })).toBeVisible();
    await agenda.getByRole('link', { name: 'Analisis unsur intrinsik' }).first().click();
    await sekar.waitForURL(/\/detail-schedule\//);
    const lesson = new URL(sekar.url()).pathname;
    await expect(sekar.getByRole('heading', { name: 'Bacaan wajib' })).toBeVisible();
    await expect(sekar.locator('[data-required] a', { hasText: 'Pinjam atau baca' })).toHaveAttribute('href', /^\/book\//);

    // Bagus adds a material and an assignment, and takes attendance.
    await bagus.goto(lesson);
    await bagus.getByText('Tambah materi').click();
    const material = bagus.locator('[data-add-material]');
    await material.getByLabel('Judul').fill(`Catatan ${tag}`);
    await material.getByLabel('Isi').fill('Baca ulang bab dua.');
    await material.getByRole('button', { name: 'Tambahkan' }).click();
    await expect(bagus.getByText('Materi ditambahkan.')).toBeVisible();
    await bagus.getByText('Tambah tugas').click();
    const form = bagus.locator('[data-add-assignment]');
    await form.getByLabel('Judul').fill(`Tugas ${tag}`);
    await form.getByLabel('Tenggat').fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16));
    await form.getByRole('button', { name: 'Tambahkan' }).click();
    await expect(bagus.getByText('Tugas ditambahkan.')).toBeVisible();
    await bagus.getByRole('button', { name: 'Tandai semua hadir' }).click();
    await bagus.getByRole('button', { name: 'Simpan kehadiran' }).click();
    await expect(bagus.getByText('Kehadiran disimpan.')).toBeVisible();

    // Sekar sees both, and her attendance; she hands in once.
    await sekar.reload();
    await expect(sekar.getByText(`Catatan ${tag}`)).toBeVisible();
    await expect(sekar.locator('[data-own-attendance]')).toContainText('Hadir');
    const task = sekar.locator('[data-assignment]', { hasText: `Tugas ${tag}` });
    await task.getByLabel('Atau tulis jawaban Anda').fill('Jawaban saya.');
    await task.getByRole('button', { name: 'Kumpulkan tugas' }).click();
    await expect(sekar.getByText('Tugas Anda telah dikumpulkan.')).toBeVisible();
    await expect(task.locator('[data-hand-in]')).toHaveCount(0);
    await expect(task.locator('[data-grade]')).toHaveText('Belum dinilai');
    // A second hand-in is refused by the server, whatever the page shows.
    const lessonId = lesson.split('/').pop()!;
    const detail = await (await sekar.request.get(`/webhook/schedule-detail-student?id=${lessonId}`)).json();
    const assignment = detail.data.assignments.find((a: { title: string }) => a.title === `Tugas ${tag}`);
    const again = await sekar.request.post('/webhook/assignment-delivery', {
      multipart: { assignment_id: assignment.id, text: 'Lagi' },
      // Sent as the page's own form would be: the site refuses form posts from other origins.
      headers: { origin: new URL(sekar.url()).origin },
    });
    expect(await again.text()).toContain('already_handed_in');
    expect(again.status()).toBe(409);

    // Bagus grades it; Sekar sees the grade.
    await bagus.reload();
    const teacherTask = bagus.locator('[data-assignment]', { hasText: `Tugas ${tag}` });
    await teacherTask.locator('[data-show-deliveries]').click();
    const delivery = teacherTask.locator('[data-delivery="Sekar Ayu Lestari"]');
    await delivery.getByLabel('Nilai (0–100)').fill('85');
    await delivery.getByLabel('Komentar').fill('Rapi.');
    await delivery.getByRole('button', { name: 'Simpan nilai' }).click();
    await expect(bagus.getByText('Nilai disimpan.')).toBeVisible();
    await sekar.reload();
    await expect(sekar.locator('[data-assignment]', { hasText: `Tugas ${tag}` }).locator('[data-grade]')).toHaveText('Nilai: 85');

    // Bagus invites Sekar; she accepts on the event's page.
    const people = await (await bagus.request.get('/webhook/school-people?q=Sekar')).json();
    const created = await bagus.request.post('/webhook/personal-event', {
      data: { title: `Diskusi ${tag}`, starts_at: new Date(Date.now() + 86_400_000).toISOString(), ends_at: new Date(Date.now() + 90_000_000).toISOString(), place: 'Perpustakaan', invitee_ids: [people.data[0].id] },
    });
    expect(created.status()).toBe(201);
    await sekar.goto(`/detail-personal-event/${(await created.json()).data.id}`);
    await expect(sekar.getByRole('heading', { name: `Diskusi ${tag}` })).toBeVisible();
    await sekar.getByRole('button', { name: 'Terima' }).click();
    await expect(sekar.locator('[data-event-answer]')).toContainText('Jawaban Anda: Hadir');
    await expect(sekar.locator('[data-participants]')).toContainText('Hadir');
  });
}
