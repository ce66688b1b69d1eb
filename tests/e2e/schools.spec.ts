import type { APIRequestContext } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { registerAccount, signInAsNewUser } from './support/users.ts';

/*
 * A new student asks to join the demo school (a missing NISN is named, then given) and registers a
 * school of their own; the demo school's admin approves the request, then imports a class list: a file with a bad row shows it and
 * imports nothing; the fixed file imports.
 */

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

async function placeCodes(request: APIRequestContext): Promise<{ province: string; regency: string }> {
  const provinces = (await (await request.get('/webhook/province-list')).json()).data as { code: string; name: string }[];
  const province = provinces.find((p) => /jawa barat/i.test(p.name))!.code;
  const regencies = (await (await request.get('/webhook/regency-list', { params: { province } })).json()).data as { code: string; name: string }[];
  return { province, regency: regencies.find((r) => /^kota bandung$/i.test(r.name))!.code };
}

async function studentCount(request: APIRequestContext, schoolId: string, className: string): Promise<number> {
  const classes = (await (await request.get('/webhook/school-class-list', { params: { school_id: schoolId } })).json()).data as { name: string; student_count: number }[];
  return classes.find((c) => c.name === className)!.student_count;
}

test('a student joins the demo school, its admin approves and imports a class list', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Siswa Baru ${Date.now()}`;
  await signInAsNewUser(page, name);
  const place = await placeCodes(page.request);

  await page.goto('/school');
  await hydrated(page);
  // The join form; the school registration form below it has fields of the same names.
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Kirim permintaan' }) });
  await form.getByLabel('Provinsi').selectOption(place.province);
  await form.getByLabel('Kabupaten/Kota').selectOption(place.regency);
  await form.getByLabel('Cari nama sekolah atau NPSN').fill('Harapan');
  const school = form.getByLabel('Sekolah', { exact: true });
  await expect(school.locator('option', { hasText: 'SMA Harapan Bangsa' })).toHaveCount(1);
  await school.selectOption({ label: 'SMA Harapan Bangsa (20219001)' });
  await form.getByLabel('Status').selectOption('student');
  await form.getByLabel('Jenis kelamin').selectOption('P');
  await form.getByLabel('Nama lengkap').fill(name);
  await form.getByLabel('NIS', { exact: true }).fill(digits(8));
  await form.getByLabel('Tingkat kelas').selectOption('11');
  await form.getByLabel('Kelas (misalnya XI IPA 1)').fill('XI IPA 1');
  await form.getByRole('button', { name: 'Kirim permintaan' }).click();
  await expect(form.getByText('Silakan masukkan NISN.')).toBeVisible();
  await expect(form.getByLabel('NISN', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('NISN', { exact: true }).fill(digits(10));
  await form.getByRole('button', { name: 'Kirim permintaan' }).click();
  await expect(page.locator('[data-my-schools] li', { hasText: 'SMA Harapan Bangsa' })).toContainText('Menunggu persetujuan');

  // A school not in the list is registered from the same page; its registrant becomes its admin.
  await page.getByText('Sekolah Anda belum terdaftar? Daftarkan sekolah').click();
  const register = page.locator('details form');
  await register.getByLabel('NPSN').fill('123');
  await register.getByRole('button', { name: 'Daftarkan sekolah' }).click();
  await expect(register.getByText('NPSN terdiri atas 8 angka.')).toBeVisible();
  const newSchool = `SMA Uji ${Date.now()}`;
  await register.getByLabel('NPSN').fill(digits(8));
  await register.getByLabel('Nama sekolah').fill(newSchool);
  await register.getByLabel('Jenjang').selectOption('SMA');
  await register.getByLabel('Status sekolah').selectOption('negeri');
  await register.getByLabel('Provinsi').selectOption(place.province);
  await register.getByLabel('Kabupaten/Kota').selectOption(place.regency);
  await register.getByLabel('Nama lengkap').fill(name);
  await register.getByLabel('Jenis kelamin').selectOption('P');
  await register.getByLabel('NIK/NIP').fill(digits(16));
  await register.getByRole('button', { name: 'Daftarkan sekolah' }).click();
  await expect(page.locator('[data-my-schools] li', { hasText: newSchool })).toContainText('Admin sekolah');

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, demoUsers.pustakawan);
  await admin.goto('/school/admin?tab=requests');
  await hydrated(admin);
  const request = admin.getByRole('listitem').filter({ hasText: name });
  await request.getByRole('button', { name: 'Setujui' }).click();
  await expect(admin.getByText('Permintaan disetujui.')).toBeVisible();
  await expect(request).toHaveCount(0);

  // The school id is in the page's address once a tab is chosen.
  await admin.getByRole('tab', { name: 'Impor daftar kelas' }).click();
  const schoolId = new URL(admin.url()).searchParams.get('school')!;
  const before = await studentCount(admin.request, schoolId, 'XI IPS 2');
  const { email } = await registerAccount(admin.request, `Murid Impor ${Date.now()}`);
  const header = 'Nama Lengkap,Email,NIS,NISN,Jenis Kelamin,Kelas';
  const good = `Murid Impor,${email},${digits(8)},${digits(10)},L,XI IPS 2`;
  const bad = [header, good, `Tanpa Akun,tidak.ada.${Date.now()}@uji.id,${digits(8)},${digits(10)},L,XI IPS 2`].join('\n');
  const file = admin.getByLabel('Berkas daftar kelas');

  await file.setInputFiles({ name: 'kelas.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await admin.getByRole('button', { name: 'Periksa berkas' }).click();
  await expect(admin.locator('tr[data-line="3"]')).toHaveAttribute('data-bad', 'true');
  await expect(admin.locator('tr[data-line="3"]')).toContainText('Belum ada akun dengan email ini.');
  await expect(admin.locator('tr[data-line="2"]')).toHaveAttribute('data-bad', 'false');
  await expect(admin.locator('[data-import-result]').getByRole('status')).toContainText('Data unggahan massal tidak valid');
  await expect(admin.getByRole('button', { name: /^Impor \d+ siswa$/ })).toHaveCount(0);
  expect(await studentCount(admin.request, schoolId, 'XI IPS 2')).toBe(before);

  await file.setInputFiles({ name: 'kelas.csv', mimeType: 'text/csv', buffer: Buffer.from([header, good].join('\n')) });
  await admin.getByRole('button', { name: 'Periksa berkas' }).click();
  await expect(admin.getByText('Semua 1 baris valid. Periksa lalu impor.')).toBeVisible();
  await admin.getByRole('button', { name: 'Impor 1 siswa' }).click();
  await expect(admin.locator('[data-import-result]').getByRole('status')).toHaveText('1 siswa berhasil diimpor.');
  expect(await studentCount(admin.request, schoolId, 'XI IPS 2')).toBe(before + 1);
  await context.close();
});
