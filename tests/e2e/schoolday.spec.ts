import type { Page } from 'playwright/test';
import { expect, type OpenPage, test } from './support/console-guard.ts';
import { SCREENS, type Screen } from './support/screens.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';

/*
 * The school day with the demo school, on a desktop and on a phone: Sekar opens a lesson from
 * today's agenda; Bagus adds a material and an assignment to it and takes attendance; Sekar hands
 * the assignment in once (a second try is refused), Bagus grades it and Sekar sees the grade; Bagus
 * adds the class quiz and a library article to the lesson and Sekar finds them there; Bagus sets up
 * an event on /schedule (an end before the start is named first) inviting Sekar, who accepts. The school's admin renames
 * a class and removes an empty subject.
 */

/** `email` signed in on a page of its own, shaped like `screen`; `refused` names the API's refusals the journey provokes. */
async function person(openPage: OpenPage, email: string, use: Screen['use'], refused: RegExp | null = null): Promise<Page> {
  const page = await openPage(use, refused);
  await signIn(page, email, undefined, '/');
  return page;
}

for (const screen of SCREENS) {
  test(`a school day on a ${screen.name}`, async ({ openPage }) => {
    test.setTimeout(150_000);
    const tag = `${screen.name}-${Date.now().toString(36)}`;
    const sekar = await person(openPage, demoUsers.siswa, screen.use);
    // The API refuses the event that ends before it starts (400), which the browser logs.
    const bagus = await person(openPage, demoUsers.guru, screen.use, /status of 400 \(Bad Request\) \(http:\/\/[^)]+\/webhook\/personal-event:/);

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

    // Bagus adds the class's quiz to the lesson; Sekar opens it from there.
    await bagus.getByText('Tambah materi').click();
    await material.getByLabel('Jenis').selectOption({ label: 'Kuis kelas' });
    await material.locator('select[name="quiz"]').selectOption({ label: 'Kuis Aljabar: Persamaan Linear' });
    await material.getByRole('button', { name: 'Tambahkan' }).click();
    await expect(bagus.getByText('Materi ditambahkan.')).toBeVisible();
    await sekar.reload();
    await expect(sekar.locator('[data-material="quiz"] a').first()).toHaveAttribute('href', /^\/quiz\/detail\/[0-9a-f-]{36}$/);
    await expect(sekar.locator('[data-material="quiz"]').first()).toContainText('Kerjakan kuis: Kuis Aljabar: Persamaan Linear');

    // Bagus adds an article of the public library, found by title; Sekar sees it with its link.
    await bagus.reload();
    await hydrated(bagus);
    await bagus.getByText('Tambah materi').click();
    await material.getByLabel('Jenis').selectOption({ label: 'Artikel perpustakaan' });
    await material.getByLabel('Cari artikel menurut judul').fill('Resensi');
    await material.getByLabel('Cari artikel menurut judul').press('Enter');
    await material.locator('select[name="article"]').selectOption({ label: 'Cara Menulis Resensi Buku yang Menarik' });
    await material.getByRole('button', { name: 'Tambahkan' }).click();
    await expect(bagus.getByText('Materi ditambahkan.')).toBeVisible();
    await sekar.reload();
    const article = sekar.locator('[data-material="article"]').first().getByRole('link');
    await expect(article).toHaveText('Artikel perpustakaan: Cara Menulis Resensi Buku yang Menarik');
    await expect(article).toHaveAttribute('href', /^\/article\/[0-9a-f-]{36}$/);

    // Bagus sets up an event on /schedule and invites Sekar; an end before the start is named first.
    await bagus.goto('/schedule');
    await hydrated(bagus);
    await bagus.locator('[data-new-event] summary').click();
    const event = bagus.locator('[data-event-form]');
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await event.getByLabel('Judul acara').fill(`Diskusi ${tag}`);
    await event.getByLabel('Tanggal mulai').fill(day);
    await event.getByLabel('Jam mulai (WIB)').fill('10:00');
    await event.getByLabel('Jam selesai (WIB)').fill('09:00');
    await event.getByLabel('Tempat').fill('Perpustakaan');
    await event.getByLabel('Cari nama').fill('Sekar');
    await event.getByRole('button', { name: 'Cari', exact: true }).click();
    await event.getByRole('button', { name: 'Undang Sekar Ayu Lestari' }).click();
    await expect(event.locator('[data-invited]')).toContainText('Sekar Ayu Lestari');
    await event.getByRole('button', { name: 'Buat acara' }).click();
    await expect(event.getByText('Waktu selesai harus setelah waktu mulai.')).toBeVisible();
    await event.getByLabel('Jam selesai (WIB)').fill('11:30');
    await event.getByRole('button', { name: 'Buat acara' }).click();
    await bagus.waitForURL(/\/detail-personal-event\/[0-9a-f-]{36}$/);
    await expect(bagus.getByText(/pukul 10\.00 WIB/)).toBeVisible();
    await sekar.goto(new URL(bagus.url()).pathname);
    await expect(sekar.getByRole('heading', { name: `Diskusi ${tag}` })).toBeVisible();
    await sekar.getByRole('button', { name: 'Terima' }).click();
    await expect(sekar.locator('[data-event-answer]')).toContainText('Jawaban Anda: Hadir');
    await expect(sekar.locator('[data-participants]')).toContainText('Hadir');
  });
}

for (const screen of SCREENS) {
  test(`a school admin renames a class and removes an empty subject on a ${screen.name}`, async ({ openPage }) => {
    test.setTimeout(60_000);
    const tag = `${screen.name}-${Date.now().toString(36)}`;
    // The API refuses the taken name and the class in use (409), which the browser logs.
    const admin = await person(openPage, demoUsers.pustakawan, screen.use, /status of 409 \(Conflict\) \(http:\/\/[^)]+\/webhook\/school-class:/);
    await admin.goto('/school/admin');
    await hydrated(admin);
    await admin.getByRole('tab', { name: 'Kelas', exact: true }).click();
    const schoolId = new URL(admin.url()).searchParams.get('school')!;
    const years = (await (await admin.request.get('/webhook/school-year-list', { params: { school_id: schoolId } })).json()).data as { id: string }[];
    const made = await admin.request.post('/webhook/school-class', { data: { school_id: schoolId, school_year_id: years[0]!.id, name: `X ${tag}`, grade: 10 } });
    expect(made.status()).toBe(201);
    expect((await admin.request.post('/webhook/school-subject', { data: { school_id: schoolId, name: `Mapel ${tag}` } })).status()).toBe(201);

    // The class is renamed; a name already used in the year is refused with its reason.
    await admin.reload();
    await hydrated(admin);
    await admin.getByRole('tab', { name: 'Kelas', exact: true }).click();
    const row = admin.locator(`[data-class="X ${tag}"]`);
    await row.getByRole('button', { name: `Ubah X ${tag}` }).click();
    await row.getByLabel('Nama kelas').fill('xi ipa 1');
    await row.getByRole('button', { name: 'Simpan' }).click();
    await expect(admin.getByText('Nama kelas sudah digunakan pada tahun ajaran ini.')).toBeVisible();
    await row.getByLabel('Nama kelas').fill(`X Baru ${tag}`);
    await row.getByRole('button', { name: 'Simpan' }).click();
    await expect(admin.locator(`[data-class="X Baru ${tag}"]`)).toBeVisible();
    // A class with a timetable stays.
    const used = admin.locator('[data-class="XI IPA 1"]');
    await used.getByRole('button', { name: 'Hapus XI IPA 1' }).click();
    await used.getByRole('button', { name: 'Ya, hapus XI IPA 1' }).click();
    await expect(admin.getByText(/tidak dapat dihapus agar pekerjaan siswa tidak hilang/)).toBeVisible();
    await expect(used).toBeVisible();

    // The empty subject is removed after asking once more.
    await admin.getByRole('tab', { name: 'Mata pelajaran' }).click();
    const subject = admin.locator(`[data-subject="Mapel ${tag}"]`);
    await subject.getByRole('button', { name: `Hapus Mapel ${tag}` }).click();
    await subject.getByRole('button', { name: `Ya, hapus Mapel ${tag}` }).click();
    await expect(admin.getByText('Data dihapus.')).toBeVisible();
    await expect(subject).toHaveCount(0);
  });
}
