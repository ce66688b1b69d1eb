import { expect, test, type APIRequestContext, type Locator } from 'playwright/test';
import { demoPassword, demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { registerAccount, signInAsNewUser } from './support/users.ts';

/*
 * The rough edges a new student meets around their account, the book pages and the keyboard:
 * signing in again after a password change, forms that keep up with the user, one language at a
 * time, covers and their badges, reviews, the signed-in header and menus, a verification link
 * opened twice.
 */

const baseUrl = () => test.info().project.use.baseURL!;
const NUSANTARA = 'Perpustakaan Digital Nusantara';

interface ListItem {
  id: string;
  book_title: string;
  using_drm: boolean;
}

interface Detail {
  id: string;
  book_title: string;
  review_count: number;
  has_borrow_before: boolean;
}

async function apiData<T>(request: APIRequestContext, path: string, params?: Record<string, string | number>): Promise<T> {
  const res = await request.get(path, { params });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** An open book of the public library that nobody has reviewed and the caller never borrowed. */
async function unreviewedOpenBook(request: APIRequestContext): Promise<{ detail: Detail; epustakaId: string }> {
  for (const offset of [0, 100]) {
    for (const item of await apiData<ListItem[]>(request, '/webhook/book-list', { limit: 100, offset, sort: 'catalog_title' })) {
      if (item.using_drm) continue;
      const detail = await apiData<Detail>(request, '/webhook/book-detail', { book_id: item.id });
      if (detail.review_count !== 0 || detail.has_borrow_before) continue;
      const holders = await apiData<{ id: string; epustaka_name: string }[]>(request, '/webhook/epustaka-borrow', { book_id: item.id });
      const library = holders.find((e) => e.epustaka_name === NUSANTARA);
      if (library) return { detail, epustakaId: library.id };
    }
  }
  throw new Error('no unreviewed open book of the public library');
}

/** True when two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function outlineOf(locator: Locator): Promise<{ style: string; width: number }> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

test.describe('password change', () => {
  test('says what it is doing, then asks to sign in again with the e-mail filled in', async ({ page }) => {
    test.setTimeout(90_000);
    const account = await signInAsNewUser(page, 'Ganti Sandi');
    // The page's clock, flowing as usual until the test holds it (see below).
    await page.clock.install();
    await open(page, '/setting');
    await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah kata sandi' });
    await dialog.getByLabel('Kata sandi lama').fill(demoPassword);
    await dialog.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-baru-sekali-1');
    await dialog.getByLabel('Ulangi kata sandi baru').fill('sandi-baru-sekali-1');
    // In production the change takes seconds (a deliberately slow hash); the test server hashes
    // cheaply, so the request is held until the test has seen the steps a user would see. The
    // dialog moves from checking to saving on a timer (about when the server has checked the old
    // password): the page's clock stands still until the test moves it, however busy the machine.
    let release: () => void = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route('**/auth/account', async (route) => {
      if (route.request().method() === 'PUT') await released;
      await route.continue();
    });
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    await dialog.getByRole('button', { name: 'Ubah kata sandi' }).click();
    // The change takes seconds: the dialog says which step it is at.
    await expect(dialog.getByRole('status')).toContainText('Memeriksa kata sandi lama…');
    await expect(dialog.getByRole('status')).toContainText('Langkah 1 dari 3');
    await expect(dialog.getByLabel('Kata sandi lama')).toBeDisabled();
    await page.clock.runFor(3_000);
    await expect(dialog.getByRole('status')).toContainText('Langkah 2 dari 3');
    await page.clock.resume();
    release();

    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByRole('status')).toHaveText('Kata sandi Anda sudah diubah dan semua perangkat telah dikeluarkan. Silakan masuk lagi dengan kata sandi baru.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel('Kata sandi', { exact: true })).toBeFocused();
    await page.getByLabel('Kata sandi', { exact: true }).fill('sandi-baru-sekali-1');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
    // Clearing the session cookies signs this browser out for good, whatever the page still sends
    // while they go one at a time: a request carrying only the refresh cookie (an island's call, a
    // late picture) ends the session instead of renewing it and setting both cookies again.
    await page.context().clearCookies({ name: 'ewAccessToken' });
    await page.request.get('/books', { maxRedirects: 0 });
    await page.context().clearCookies({ name: 'ewRefreshToken' });
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('ew') && c.name.endsWith('Token'))).toEqual([]);
    // The note is gone once used. (In a new tab of the same browser: the home page's islands, now
    // without a session, may be sending their own tab to the sign-in page.)
    const tab = await page.context().newPage();
    await tab.goto('/login');
    await expect(tab.getByLabel('Email', { exact: true })).toHaveValue('');
  });
});

test.describe('forms', () => {
  test('registration: fixed fields lose their errors as they are fixed, and the emptied password says why', async ({ page }) => {
    await page.goto('/register');
    const name = page.getByLabel('Nama lengkap');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Kata sandi', { exact: true });
    await email.fill('bukan-email');
    await password.fill('pendek');
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    // One wording for every required field.
    await expect(page.locator('#register-name-error')).toHaveText('Nama wajib diisi.');
    await expect(page.locator('#register-district-error')).toHaveText('Kecamatan wajib diisi.');
    await expect(page.locator('#register-email-error')).toHaveText('Format email tidak valid.');
    await expect(page.locator('#register-password-error')).toHaveText('Kata sandi minimal 8 karakter.');
    // The password came back empty: the form says why.
    await expect(password).toHaveValue('');
    await expect(page.locator('#register-password-notice')).toContainText('kata sandi tidak dikirim kembali');
    await expect(page.getByRole('alert')).toHaveText('Periksa kembali isian yang ditandai.');
    await hydrated(page);

    await name.fill('Ay');
    await expect(page.locator('#register-name-error')).toBeVisible();
    await name.fill('Ayu Lestari');
    await expect(page.locator('#register-name-error')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('ayu@sekolah.id');
    await expect(page.locator('#register-email-error')).toHaveCount(0);
    await password.fill('sandi-panjang-1');
    await expect(page.locator('#register-password-error')).toHaveCount(0);
    // The district is still missing.
    await expect(page.locator('#register-district-error')).toBeVisible();
    await page.getByRole('combobox', { name: 'Kecamatan' }).fill('sukasari');
    await page.getByRole('option', { name: /^Sukasari/ }).first().click();
    await expect(page.locator('#register-district-error')).toHaveCount(0);

    // Show and hide the password.
    const toggle = page.getByRole('button', { name: 'Tampilkan kata sandi' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('sign-in and reset forms have the show/hide button; a missing field clears once filled', async ({ page }) => {
    // The sign-in page runs one script, the show/hide button's, which imports nothing and is small
    // (the build puts it into the page itself).
    const scripts: { path: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ path: new URL(response.url()).pathname, bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
    });
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('siswa@demo.id');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Wajib diisi.');
    const password = page.getByLabel('Kata sandi', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    const marked = await password.evaluate((input) => getComputedStyle(input).borderTopColor);
    // The field's own constraint (required) takes the message and the red border away, no script needed.
    await password.fill('d');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(password).not.toHaveCSS('border-top-color', marked);
    const toggle = page.getByRole('button', { name: 'Tampilkan kata sandi' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.press('Enter');
    // Hidden again, it is the field the password manager knows.
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    scripts.length = 0;
    await page.goto('/login', { waitUntil: 'networkidle' });
    const inline = await page.evaluate(() => [...document.scripts].filter((script) => !script.src).map((script) => ({ path: 'inline', bytes: script.text.length })));
    const all = [...scripts, ...inline];
    expect(all, 'the scripts of the sign-in page').toHaveLength(1);
    expect(all[0]!.bytes, all[0]!.path).toBeLessThan(1024);

    await page.goto('/auth/reset-password?token=tidak-ada');
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-baru-1');
    await page.getByLabel('Ulangi kata sandi baru').fill('sandi-baru-2');
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
    await expect(page.locator('#reset-confirm-error')).toHaveText('Kata sandi tidak sama.');
    await expect(page.locator('#reset-password-notice')).toBeVisible();
    await hydrated(page);
    await page.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-baru-1');
    await page.getByLabel('Ulangi kata sandi baru').fill('sandi-baru-1');
    await expect(page.locator('#reset-confirm-error')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tampilkan kata sandi' })).toHaveCount(2);
  });

  test('the profile form and the password dialog drop each error as its field is fixed; passwords show and hide', async ({ page }) => {
    await signIn(page, demoUsers.guru);
    await open(page, '/setting?tab=edit');
    const name = page.getByLabel('Nama', { exact: true });
    const original = await name.inputValue();
    await name.fill('');
    await page.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.locator('#profile-name-error')).toHaveText('Nama wajib diisi.');
    await name.fill('Ba');
    await expect(page.locator('#profile-name-error')).toHaveText('Nama minimal 3 karakter.');
    await name.fill(original);
    await expect(page.locator('#profile-name-error')).toHaveCount(0);

    await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah kata sandi' });
    await dialog.getByRole('button', { name: 'Ubah kata sandi' }).click();
    await expect(dialog.locator('#password-old-error')).toHaveText('Kata sandi wajib diisi.');
    await expect(dialog.locator('#password-new-error')).toHaveText('Kata sandi baru wajib diisi.');
    await expect(dialog.locator('#password-confirm-error')).toHaveText('Ulangan kata sandi wajib diisi.');
    await dialog.getByLabel('Kata sandi lama').fill('apa saja');
    await expect(dialog.locator('#password-old-error')).toHaveCount(0);
    await expect(dialog.locator('#password-new-error')).toBeVisible();
    await dialog.getByLabel('Kata sandi baru', { exact: true }).fill('pendek');
    await expect(dialog.locator('#password-new-error')).toHaveText('Kata sandi minimal 8 karakter.');
    await dialog.getByLabel('Kata sandi baru', { exact: true }).fill('cukup-panjang-1');
    await expect(dialog.locator('#password-new-error')).toHaveCount(0);
    await expect(dialog.locator('#password-confirm-error')).toBeVisible();
    const toggles = dialog.getByRole('button', { name: 'Tampilkan kata sandi' });
    await expect(toggles).toHaveCount(3);
    await toggles.nth(1).click();
    await expect(dialog.getByLabel('Kata sandi baru', { exact: true })).toHaveAttribute('type', 'text');
  });
});

test.describe('words', () => {
  const ENGLISH = /\b(password|the|sign in|please|loading|upload|open web client)\b/i;
  const INDONESIAN = /\b(kata sandi|dan|yang|tidak|silakan|masuk|pinjam|buku|klien web)\b/i;

  test('each language speaks only itself on the account pages, and the footer speaks to readers', async ({ page, context }) => {
    test.setTimeout(60_000);
    for (const lang of ['id', 'en'] as const) {
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      for (const path of ['/login', '/register', '/forgot-password']) {
        await page.goto(path);
        // Submitting empty brings the validation messages in too.
        await page.locator('main form button[type="submit"], form button[type="submit"]').first().click();
        const text = (await page.locator('body').innerText()).replace(/ePustaka|English|Indonesia|nama@sekolah\.id/g, '');
        expect(text, `${lang} ${path}`).not.toMatch(lang === 'id' ? ENGLISH : INDONESIAN);
      }
    }
    await context.addCookies([{ name: 'langActive', value: 'id', url: baseUrl() }]);
    await signIn(page, demoUsers.siswa);
    const footer = page.locator('footer');
    await expect(footer).toContainText('Pinjam dan baca buku digital dari perpustakaan sekolah dan komunitas Anda');
    await expect(footer).not.toContainText('klien web');
  });
});

test.describe('covers', () => {
  test('the Open/Limited badge sits off the cover, and generated covers vary in layout', async ({ page }) => {
    await signIn(page, demoUsers.siswa, demoPassword, '/books');
    await hydrated(page);
    const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(cards).toHaveCount(25);
    for (let i = 0; i < 6; i++) {
      const card = cards.nth(i);
      const cover = await card.locator('img').first().boundingBox();
      const badge = await card.getByText(/^(Terbatas|Terbuka)$/).boundingBox();
      expect(cover && badge, `card ${i} has a cover and a badge`).toBeTruthy();
      expect(overlaps(cover!, badge!), `card ${i}: the badge lies on the cover`).toBe(false);
    }
    // The generated covers of the first 25 demo books by title (books other tests add have covers of their own).
    const listed = await apiData<{ cover_url: string | null }[]>(page.request, '/webhook/book-list', { limit: 100, sort: 'catalog_title' });
    const sources = listed.map((book) => book.cover_url ?? '').filter((src) => src.startsWith('/storage/covers/')).slice(0, 25);
    expect(sources.length).toBe(25);
    const layouts = new Set<string>();
    for (const src of sources) {
      const svg = await (await page.request.get(src)).text();
      layouts.add(/data-layout="(\w+)"/.exec(svg)?.[1] ?? 'none');
    }
    expect([...layouts].sort()).toEqual(['band', 'medallion', 'panel']);
    await page.screenshot({ path: test.info().outputPath('book-grid-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('book-grid-390.png') });
  });
});

test.describe('reviews', () => {
  test('one clear empty message; after saving, the review shows once with Edit; a reply shows at once', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await signInAsNewUser(page, 'Ulas Pertama');
    const { detail, epustakaId } = await unreviewedOpenBook(page.request);
    await open(page, `/book/${detail.id}#tab-review`);
    const panel = page.locator('[data-panel="review"]');
    await expect(panel.getByRole('status')).toContainText('Belum ada ulasan untuk buku ini.');
    await expect(panel.getByRole('status')).toContainText('Pinjam buku ini untuk menjadi yang pertama mengulasnya.');
    await expect(panel.getByText('Pinjam buku ini terlebih dahulu untuk memberi ulasan.')).toHaveCount(0);
    await expect(panel.getByText('0 ulasan')).toHaveCount(0);

    const join = await page.request.post('/webhook/join-epustaka-member', { data: { epustaka_id: epustakaId, user_ids: [user.id] } });
    expect(join.ok(), await join.text()).toBe(true);
    const borrow = await page.request.post('/webhook/borrow', { data: { epustaka_id: epustakaId, user_id: user.id, book_id: detail.id } });
    expect(borrow.ok(), await borrow.text()).toBe(true);
    // The same address with its fragment would not load the page again.
    await page.reload();
    await hydrated(page);
    await expect(panel.getByRole('status')).toContainText('Jadilah yang pertama');
    const form = page.locator('#review-form');
    await form.getByRole('radio', { name: '5 bintang, Sangat bagus', exact: true }).check({ force: true });
    const text = `Ulasan jalan ${Date.now()}: bahasanya hangat.`;
    await form.getByLabel('Isi ulasan').fill(text);
    await form.getByRole('button', { name: 'Simpan ulasan' }).click();
    await expect(page.getByText('Ulasan berhasil disimpan.')).toBeVisible();

    const list = panel.getByRole('list', { name: 'Ulasan pembaca' });
    const mine = list.getByRole('article').filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(form).toHaveCount(0);
    await expect(panel.getByText(text)).toHaveCount(1);
    await expect(mine.getByRole('button', { name: 'Edit' }).first()).toBeVisible();

    await mine.getByRole('button', { name: 'Balas' }).click();
    const reply = `Balasan jalan ${Date.now()}`;
    await mine.getByLabel('Isi balasan').fill(reply);
    await mine.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText('Balasan terkirim.')).toBeVisible();
    await expect(mine.getByRole('list', { name: 'Balasan' }).getByText(reply)).toBeVisible();
  });
});

test.describe('signed-in header', () => {
  test('shows the name and avatar before any script has run', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(demoUsers.siswa);
    await page.getByLabel('Kata sandi', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const button = page.getByRole('button', { name: /Menu profil/ });
    await expect(button).toContainText('Sekar Ayu Lestari');
    // Initials on their colour (or the photo), not the empty placeholder icon.
    await expect(button.locator('img, span[aria-hidden="true"]').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halo, Sekar Ayu Lestari!');
    await page.screenshot({ path: test.info().outputPath('header-desktop-noscript.png') });
    await context.close();
  });

  test('the language switch is in the phone header', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'id-ID' });
    const page = await context.newPage();
    await signIn(page, demoUsers.siswa);
    const header = page.locator('header');
    const english = header.getByRole('link', { name: 'English' });
    await expect(english).toBeVisible();
    const box = await english.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('header-390.png') });
    await english.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
    await context.close();
  });
});

test.describe('keyboard', () => {
  test('menu items show a focus outline and Tab out of a menu closes it', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    await hydrated(page);
    const profile = page.getByRole('button', { name: /Menu profil/ });
    await profile.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('#profile-menu-panel');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    const first = panel.getByRole('link').first();
    await expect(first).toBeFocused();
    const outline = await outlineOf(first);
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    const entries = await panel.getByRole('link').count();
    for (let i = 0; i < entries; i += 1) await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Keluar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();

    const book = (await apiData<ListItem[]>(page.request, '/webhook/book-list', { limit: 1, sort: 'catalog_title' }))[0]!;
    await open(page, `/book/${book.id}`);
    const more = page.getByRole('button', { name: `Opsi lain untuk ${book.book_title}` }).first();
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#book-menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    const recommend = menu.getByRole('button', { name: 'Rekomendasikan ke teman' });
    await expect(recommend).toBeFocused();
    expect((await outlineOf(recommend)).style).not.toBe('none');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
  });

  test('Enter on a book tab puts focus on its panel, signed in and on the public page', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    const book = (await apiData<ListItem[]>(page.request, '/webhook/book-list', { limit: 1, sort: 'catalog_title' }))[0]!;
    const check = async () => {
      for (const [name, id] of [['Detail', 'detail'], ['Deskripsi', 'description']] as const) {
        const tab = page.getByRole('navigation', { name: 'Informasi buku' }).getByRole('link', { name, exact: true });
        await tab.focus();
        await page.keyboard.press('Enter');
        const panel = page.locator(`[data-panel="${id}"]`);
        await expect(panel).toBeVisible();
        await expect(panel).toBeFocused();
        // The tab bar stays in view near the top, under the header when it is sticky.
        const bar = (await page.getByRole('navigation', { name: 'Informasi buku' }).boundingBox())!;
        const header = (await page.locator('header').first().boundingBox())!;
        expect(bar.y).toBeGreaterThanOrEqual(Math.max(0, header.y + header.height - 1));
        expect(bar.y + bar.height).toBeLessThan(page.viewportSize()!.height);
      }
    };
    await open(page, `/book/${book.id}`);
    await check();
    await page.context().clearCookies();
    await page.goto(`/book/${book.id}`);
    await check();
  });
});

test.describe('verification link opened again', () => {
  test('a verified, signed-in user sees "already verified"; signed out, the sign-in link looks like a link', async ({ page }) => {
    const { email, verifyLink } = await registerAccount(page.request, 'Verifikasi Ulang');
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { name: 'Email terverifikasi' })).toBeVisible();
    await signIn(page, email);
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { name: 'Email sudah terverifikasi' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText(email);
    await expect(page.getByRole('link', { name: 'Ke beranda' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { name: 'Verifikasi gagal' })).toBeVisible();
    const login = page.getByRole('link', { name: 'Masuk', exact: true });
    await expect(login).toBeVisible();
    const decoration = await login.evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(decoration).toContain('underline');
  });
});
