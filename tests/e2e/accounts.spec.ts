import { noisePng } from './support/images.ts';
import { expect, test, type APIRequestContext } from 'playwright/test';
import { signIn } from './support/auth.ts';
import { open } from './support/pages.ts';
import { linkFromOutbox, outboxFor } from './support/users.ts';

/*
 * Accounts end to end: registration with the district picker, verification through the link the
 * outbox holds, sign-in, profile settings with their messages in both languages, the avatar upload
 * with its progress, password change and reset. Every test registers its own accounts.
 */

const PASSWORD = 'sandi-rahasia-1';

const baseUrl = () => test.info().project.use.baseURL!;
let serial = 0;

function uniqueEmail(prefix: string): string {
  serial += 1;
  return `${prefix}.${Date.now().toString(36)}${serial}@uji.id`;
}

function uniquePhone(): string {
  return `0857${String(Date.now()).slice(-6)}${serial % 10}`;
}


/** Registers and verifies an account through the API as a browser would, then returns it. */
async function createVerifiedAccount(request: APIRequestContext, name = 'Wulan Sari'): Promise<{ email: string }> {
  const email = uniqueEmail('siap');
  const res = await request.post('/auth/register', {
    data: { provider: 'local', data: { email, password: PASSWORD, extras: { name, address: 'Jl. Merdeka 1', phone: uniquePhone(), district_id: '32.73.02' } } },
  });
  expect(res.status()).toBe(201);
  const verify = await request.get(await linkFromOutbox(request, email, 'verify_email'));
  expect(verify.status()).toBe(200);
  return { email };
}


test.describe('registration and verification', () => {
  test('register → verify by the mailed link → sign in → change profile and avatar in settings', async ({ page }) => {
    // Five pages, a mailed link, a sign-in and an avatar upload.
    test.setTimeout(60_000);
    const email = uniqueEmail('daftar');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Daftar akun' })).toBeVisible();
    await page.getByLabel('Nama lengkap').fill('Ayu Kartika');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Kata sandi').fill(PASSWORD);
    await page.getByLabel('Nomor telepon').fill(uniquePhone());
    await page.getByLabel('Alamat').fill('Jl. Dago No. 5');
    const district = page.getByRole('combobox', { name: 'Kecamatan' });
    await district.fill('coblong');
    await page.getByRole('option', { name: /Coblong/ }).click();
    await expect(district).toHaveValue('Coblong, Kota Bandung, Jawa Barat');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect(page.getByRole('heading', { name: 'Periksa email Anda' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // Signing in before verifying lands on /not-activated.
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/not-activated$/);
    await expect(page.getByText(email)).toBeVisible();

    await page.goto(await linkFromOutbox(page.request, email, 'verify_email'));
    await expect(page.getByRole('heading', { name: 'Email terverifikasi' })).toBeVisible();
    // The session of this browser now carries the verified state.
    await page.getByRole('link', { name: 'Ke beranda' }).click();
    await expect(page).toHaveURL(/\/$/);

    await open(page, '/setting');
    await expect(page.getByRole('heading', { name: 'Pengaturan profil' })).toBeVisible();
    const identity = page.getByRole('tabpanel');
    await expect(identity.locator('[data-field="district"]')).toHaveText('Coblong, Kota Bandung, Jawa Barat');
    await expect(identity.locator('[data-field="bio"]')).toHaveText('-');

    await page.getByRole('tab', { name: 'Ubah profil' }).click();
    await page.getByLabel('Nama', { exact: true }).fill('Ayu Kartika Dewi');
    await page.getByLabel('Jenis kelamin').selectOption('female');
    await page.getByLabel('Bio').fill('Suka membaca cerita rakyat.');
    await page.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.getByText('Profil berhasil disimpan.').first()).toBeVisible();
    await expect(page.locator('header')).toContainText('Ayu Kartika Dewi');
    await page.getByRole('tab', { name: 'Identitas' }).click();
    await expect(page.locator('[data-field="gender"]')).toHaveText('Perempuan');
    await expect(page.locator('[data-field="bio"]')).toHaveText('Suka membaca cerita rakyat.');

    // The avatar. Every state the upload area goes through is recorded, so the bar reaching
    // 100 % and the finishing indicator are seen however fast the local upload is.
    await page.getByRole('button', { name: 'Ubah foto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah foto profil' });
    const save = dialog.getByRole('button', { name: 'Simpan' });
    await expect(save).toBeDisabled();
    await page.evaluate(() => {
      const status = document.getElementById('avatar-status')!;
      const seen: string[] = [];
      (window as unknown as { avatarStates: string[] }).avatarStates = seen;
      new MutationObserver(() => {
        const bar = status.querySelector('progress');
        seen.push(`${bar ? `bar:${bar.getAttribute('value')} ` : ''}${status.textContent}`);
      }).observe(status, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await dialog.getByLabel('Pilih foto').setInputFiles({ name: 'wajah.png', mimeType: 'image/png', buffer: noisePng(320) });
    await expect(dialog.getByRole('img', { name: 'Pratinjau foto' })).toBeVisible();
    await expect(dialog.getByText('Foto siap disimpan.')).toBeVisible();
    const states = await page.evaluate(() => (window as unknown as { avatarStates: string[] }).avatarStates);
    expect(states.some((s) => s.startsWith('bar:') && s.includes('Mengunggah'))).toBe(true);
    expect(states.some((s) => s.startsWith('bar:100') && s.includes('Menyelesaikan'))).toBe(true);
    await expect(dialog.getByRole('progressbar')).toBeHidden();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog).toBeHidden();
    const headerAvatar = page.locator('header img[src^="/storage/object/"]').first();
    await expect(headerAvatar).toBeVisible();
    const src = await headerAvatar.getAttribute('src');
    const served = await page.request.get(src!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    await page.reload();
    await expect(page.locator('header img[src^="/storage/object/"]').first()).toHaveAttribute('src', src!);
  });

  test('the registration form shows each message on its field, in Indonesian and in English', async ({ page, context }) => {
    // About twenty submissions of the form, in two languages.
    test.setTimeout(90_000);
    const taken = await createVerifiedAccount(page.request);
    const cases = {
      id: {
        heading: 'Daftar akun',
        labels: { name: 'Nama lengkap', email: 'Email', password: 'Kata sandi', phone: 'Nomor telepon', district: 'Kecamatan' },
        submit: 'Daftar',
        name: 'Nama wajib diisi.',
        emailRequired: 'Email wajib diisi.',
        passwordRequired: 'Kata sandi wajib diisi.',
        symbol: 'Nama harus diawali huruf, bukan simbol.',
        short: 'Nama minimal 3 karakter.',
        email: 'Format email tidak valid.',
        password: 'Kata sandi minimal 8 karakter.',
        phone: 'Nomor telepon hanya boleh berisi angka, spasi, dan tanda hubung.',
        phoneLong: 'Nomor telepon maksimal 13 angka.',
        district: 'Kecamatan wajib diisi.',
        emailTaken: 'Email sudah terdaftar. Silakan masuk atau gunakan email lain.',
      },
      en: {
        heading: 'Create an account',
        labels: { name: 'Full name', email: 'Email', password: 'Password', phone: 'Phone number', district: 'District' },
        submit: 'Register',
        name: 'Name is required.',
        emailRequired: 'Email is required.',
        passwordRequired: 'Password is required.',
        symbol: 'The name must start with a letter, not a symbol.',
        short: 'The name needs at least 3 characters.',
        email: 'The email format is not valid.',
        password: 'The password needs at least 8 characters.',
        phone: 'The phone number may contain only digits, spaces and hyphens.',
        phoneLong: 'The phone number can have at most 13 digits.',
        district: 'District is required.',
        emailTaken: 'This email is already registered. Sign in or use another email.',
      },
    } as const;
    for (const lang of ['id', 'en'] as const) {
      const c = cases[lang];
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
      // The phone's label carries "(optional)" after it.
      const field = (label: string) => page.getByLabel(label, { exact: label !== c.labels.phone });
      const error = (id: string) => page.locator(`#register-${id}-error`);
      await page.getByRole('button', { name: c.submit }).click();
      await expect(error('name')).toHaveText(c.name);
      // Each empty field names itself; registration asks for a password, not a "new" one.
      await expect(error('email')).toHaveText(c.emailRequired);
      await expect(error('password')).toHaveText(c.passwordRequired);
      await expect(error('district')).toHaveText(c.district);

      await field(c.labels.name).fill('@Ayu');
      await field(c.labels.email).fill('bukan-email');
      await field(c.labels.password).fill('pendek');
      await field(c.labels.phone).fill('0812 abc');
      await page.getByRole('button', { name: c.submit }).click();
      await expect(error('name')).toHaveText(c.symbol);
      await expect(error('email')).toHaveText(c.email);
      await expect(error('password')).toHaveText(c.password);
      await expect(error('phone')).toHaveText(c.phone);
      await expect(field(c.labels.name)).toHaveAttribute('aria-invalid', 'true');

      await field(c.labels.name).fill('Ay');
      // Fourteen digits: the hyphens do not count.
      await field(c.labels.phone).fill('0812-3456-789012');
      await page.getByRole('button', { name: c.submit }).click();
      await expect(error('name')).toHaveText(c.short);
      await expect(error('phone')).toHaveText(c.phoneLong);

      // A registered e-mail is reported by the server on the e-mail field.
      await field(c.labels.name).fill('Ayu Lestari');
      await field(c.labels.email).fill(taken.email);
      await field(c.labels.password).fill(PASSWORD);
      await field(c.labels.phone).fill('');
      await page.getByRole('combobox', { name: c.labels.district }).fill('sukasari');
      await page.getByRole('option', { name: /^Sukasari/ }).first().click();
      await page.getByRole('button', { name: c.submit }).click();
      await expect(error('email')).toHaveText(c.emailTaken);
      await expect(page.getByRole('combobox', { name: c.labels.district })).toHaveValue(/^Sukasari, /);
    }
  });

  test('the district list pages by 25 and searches as one types', async ({ page }) => {
    // The picker is an island: clicks before it hydrates would open nothing.
    await open(page, '/register');
    const district = page.getByRole('combobox', { name: 'Kecamatan' });
    await district.click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(25);
    await page.getByRole('button', { name: 'Tampilkan lebih banyak' }).click();
    await expect(options).toHaveCount(50);
    await district.fill('kota bandung');
    await expect(options.first()).toContainText('Kota Bandung');
    await district.press('ArrowDown');
    await district.press('Enter');
    await expect(district).toHaveValue(/, Kota Bandung, Jawa Barat$/);
  });
});

test.describe('settings', () => {
  test('the change-profile tab opens by its address, even before any script has run', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('guru@demo.id');
    await page.getByLabel('Kata sandi').fill('demo12345');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/setting');
    await expect(page.getByRole('tab', { name: 'Ubah profil' })).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('tab', { name: 'Ubah profil' }).click();
    await expect(page).toHaveURL(/\/setting\?tab=edit$/);
    await expect(page.getByRole('tab', { name: 'Ubah profil' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Nama', { exact: true })).toHaveValue('Bagus Prasetyo');
    await context.close();
  });

  test('each profile and password message appears for its bad input, in Indonesian and in English', async ({ page, context }) => {
    // About thirty submissions of the profile and password forms, in two languages.
    test.setTimeout(120_000);
    const account = await createVerifiedAccount(page.request);
    await signIn(page, account.email, PASSWORD);
    const cases = {
      id: {
        tab: 'Ubah profil',
        name: 'Nama',
        phone: 'Nomor telepon',
        save: 'Simpan perubahan',
        nameRequired: 'Nama wajib diisi.',
        symbol: 'Nama harus diawali huruf, bukan simbol.',
        short: 'Nama minimal 3 karakter.',
        digits: 'Nomor telepon hanya boleh berisi angka, spasi, dan tanda hubung.',
        long: 'Nomor telepon maksimal 13 angka.',
        district: 'Kecamatan wajib diisi.',
        districtLabel: 'Kecamatan',
        passwordButton: 'Ubah kata sandi',
        passwordDialog: 'Ubah kata sandi',
        old: 'Kata sandi lama',
        next: 'Kata sandi baru',
        confirm: 'Ulangi kata sandi baru',
        oldRequired: 'Kata sandi wajib diisi.',
        newRequired: 'Kata sandi baru wajib diisi.',
        confirmRequired: 'Ulangan kata sandi wajib diisi.',
        newShort: 'Kata sandi minimal 8 karakter.',
        mismatch: 'Kata sandi tidak sama.',
        wrongOld: 'Kata sandi lama salah.',
        cancel: 'Batal',
        avatarButton: 'Ubah foto',
        avatarDialog: 'Ubah foto profil',
        choose: 'Pilih foto',
        imageType: 'Pilih berkas JPG, PNG, atau GIF.',
        imageSize: 'Ukuran gambar maksimal 2 MB.',
      },
      en: {
        tab: 'Change profile',
        name: 'Name',
        phone: 'Phone number',
        save: 'Save changes',
        nameRequired: 'Name is required.',
        symbol: 'The name must start with a letter, not a symbol.',
        short: 'The name needs at least 3 characters.',
        digits: 'The phone number may contain only digits, spaces and hyphens.',
        long: 'The phone number can have at most 13 digits.',
        district: 'District is required.',
        districtLabel: 'District',
        passwordButton: 'Change password',
        passwordDialog: 'Change password',
        old: 'Old password',
        next: 'New password',
        confirm: 'Repeat the new password',
        oldRequired: 'Password is required.',
        newRequired: 'New password is required.',
        confirmRequired: 'The repeated password is required.',
        newShort: 'The password needs at least 8 characters.',
        mismatch: 'The passwords do not match.',
        wrongOld: 'The old password is wrong.',
        cancel: 'Cancel',
        avatarButton: 'Change photo',
        avatarDialog: 'Change profile photo',
        choose: 'Choose a photo',
        imageType: 'Choose a JPG, PNG or GIF file.',
        imageSize: 'The image must be smaller than 2 MB.',
      },
    } as const;
    for (const lang of ['id', 'en'] as const) {
      const c = cases[lang];
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      await open(page, '/setting');
      await page.getByRole('tab', { name: c.tab }).click();
      const name = page.getByLabel(c.name, { exact: true });
      const phone = page.getByLabel(c.phone, { exact: true });
      const save = page.getByRole('button', { name: c.save });
      const nameError = page.locator('#profile-name-error');
      const phoneError = page.locator('#profile-phone-error');

      for (const [value, message] of [['   ', c.nameRequired], ['*Ayu', c.symbol], [' Ay ', c.short]] as const) {
        await name.fill(value);
        await save.click();
        await expect(nameError).toHaveText(message);
      }
      await name.fill('Wulan Sari');
      for (const [value, message] of [['08-12a', c.digits], ['+62-812-3456-78901', c.long]] as const) {
        await phone.fill(value);
        await save.click();
        await expect(phoneError).toHaveText(message);
      }
      await phone.fill('');
      await page.getByRole('combobox', { name: c.districtLabel }).fill('');
      await page.getByRole('combobox', { name: c.districtLabel }).press('Escape');
      await save.click();
      await expect(page.locator('#profile-district-error')).toHaveText(c.district);
      await expect(nameError).toBeHidden();

      await page.getByRole('button', { name: c.passwordButton }).click();
      const dialog = page.getByRole('dialog', { name: c.passwordDialog });
      await dialog.getByRole('button', { name: c.passwordButton }).click();
      await expect(dialog.locator('#password-old-error')).toHaveText(c.oldRequired);
      await expect(dialog.locator('#password-new-error')).toHaveText(c.newRequired);
      await expect(dialog.locator('#password-confirm-error')).toHaveText(c.confirmRequired);
      await dialog.getByLabel(c.next, { exact: true }).fill('pendek');
      await dialog.getByLabel(c.confirm, { exact: true }).fill('pendek2');
      await dialog.getByRole('button', { name: c.passwordButton }).click();
      await expect(dialog.locator('#password-new-error')).toHaveText(c.newShort);
      await expect(dialog.locator('#password-confirm-error')).toHaveText(c.mismatch);
      await dialog.getByLabel(c.old, { exact: true }).fill('bukan-sandi-lama');
      await dialog.getByLabel(c.next, { exact: true }).fill('sandi-baru-sekali');
      await dialog.getByLabel(c.confirm, { exact: true }).fill('sandi-baru-sekali');
      await dialog.getByRole('button', { name: c.passwordButton }).click();
      await expect(dialog.locator('#password-old-error')).toHaveText(c.wrongOld);
      await dialog.getByRole('button', { name: c.cancel }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: c.avatarButton }).click();
      const avatar = page.getByRole('dialog', { name: c.avatarDialog });
      await avatar.getByLabel(c.choose).setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan gambar') });
      await expect(avatar.getByRole('alert')).toHaveText(c.imageType);
      await avatar.getByLabel(c.choose).setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10) });
      await expect(avatar.getByRole('alert')).toHaveText(c.imageSize);
      await expect(avatar.getByRole('button', { name: lang === 'id' ? 'Simpan' : 'Save', exact: true })).toBeDisabled();
      await avatar.getByRole('button', { name: c.cancel }).click();
    }
  });

  test('changing the password signs out everywhere and only the new password works', async ({ page, browser }) => {
    // Two browsers signed in, a password change and four sign-in attempts.
    test.setTimeout(60_000);
    const account = await createVerifiedAccount(page.request, 'Bima Arya');
    const other = await browser.newContext({ baseURL: baseUrl() });
    const otherPage = await other.newPage();
    await signIn(otherPage, account.email, PASSWORD);
    await signIn(page, account.email, PASSWORD);
    await open(page, '/setting');
    await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah kata sandi' });
    await dialog.getByLabel('Kata sandi lama').fill(PASSWORD);
    await dialog.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-yang-baru-9');
    await dialog.getByLabel('Ulangi kata sandi baru').fill('sandi-yang-baru-9');
    await dialog.getByRole('button', { name: 'Ubah kata sandi' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((c) => c.name === 'ewAccessToken')).toBeUndefined();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ew.')).length)).toBe(0);
    // The other browser's session has ended too.
    await open(otherPage, '/setting');
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Email atau kata sandi salah');
    await signIn(page, account.email, 'sandi-yang-baru-9');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('forgotten password and not activated', () => {
  test('forgot password → mailed link → new password → sign in', async ({ page }) => {
    const account = await createVerifiedAccount(page.request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('tidak.terdaftar@uji.id');
    const sent = 'Jika email tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda.';
    await page.getByRole('button', { name: 'Kirim tautan' }).click();
    await expect(page.getByText(sent)).toBeVisible();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Kirim tautan' }).click();
    await expect(page.getByText(sent)).toBeVisible();

    await page.goto(await linkFromOutbox(page.request, account.email, 'reset_password'));
    await expect(page.getByRole('heading', { name: 'Buat kata sandi baru' })).toBeVisible();
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('pendek');
    await page.getByLabel('Ulangi kata sandi baru').fill('lain');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await expect(page.locator('#reset-password-error')).toHaveText('Kata sandi minimal 8 karakter.');
    await expect(page.locator('#reset-confirm-error')).toHaveText('Kata sandi tidak sama.');
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-pemulihan-1');
    await page.getByLabel('Ulangi kata sandi baru').fill('sandi-pemulihan-1');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await expect(page.getByRole('heading', { name: 'Kata sandi diubah' })).toBeVisible();
    await page.getByRole('link', { name: 'Masuk' }).click();
    await signIn(page, account.email, 'sandi-pemulihan-1');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unverified account can ask for the verification mail again', async ({ page }) => {
    const email = uniqueEmail('ulang');
    const res = await page.request.post('/auth/register', {
      data: { provider: 'local', data: { email, password: PASSWORD, extras: { name: 'Raka Putra', district_id: '11.01.01' } } },
    });
    expect(res.status()).toBe(201);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/not-activated$/);
    await page.getByRole('button', { name: 'Kirim ulang email verifikasi' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'tautan verifikasi baru' })).toBeVisible();
    const mails = await outboxFor(page.request, email);
    expect(mails.length).toBe(2);
  });
});
