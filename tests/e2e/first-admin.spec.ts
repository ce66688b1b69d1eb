import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'playwright/test';

/*
 * A production start on a new database without asking for the demo data: no account exists, the
 * log prints a one-time link, and its page (no script needed) creates the first administrator
 * once. The built app on a data directory of its own, on a port the system picks.
 */

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

test('the first start without demo data prints a link that creates the first administrator once', async ({ browser }) => {
  test.setTimeout(240_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'epustaka-first-admin-'));
  const node = existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', PASSWORD_HASH_COST: '10', NODE_COMPILE_CACHE: resolve('.tmp/node-compile-cache') };
  for (const name of ['DEMO_DATA', 'DATABASE_URL', 'API_URL', 'PUBLIC_URL', 'OUTBOX_API']) delete env[name];
  const server: ChildProcess = spawn(node, ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => (server.exitCode === null ? output : `exited: ${output}`), { timeout: 180_000 }).toContain(`listening on http://127.0.0.1:${port}`);
    expect(output).not.toContain('seeding demo data');
    const link = /(http:\/\/\S+\/first-admin\?token=[\w-]+)/.exec(output)?.[1];
    expect(link, output).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/first-admin\\?token=`));

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://127.0.0.1:${port}` });
    const page = await context.newPage();
    // Without the token, or with another, there is no form.
    expect((await page.goto('/first-admin'))!.status()).toBe(404);
    expect((await page.goto(`/first-admin?token=${'x'.repeat(43)}`))!.status()).toBe(404);
    await expect(page.getByRole('button', { name: 'Buat administrator' })).toHaveCount(0);
    // Nobody can sign in yet: the demo's administrator does not exist.
    const demo = await context.request.post('/auth/login', { data: { email: 'pustakawan@demo.id', password: 'demo12345' } });
    expect(demo.status()).toBe(401);

    // In English too.
    await context.addCookies([{ name: 'langActive', value: 'en', url: `http://127.0.0.1:${port}` }]);
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'First administrator' })).toBeVisible();
    await context.clearCookies();

    expect((await page.goto(link!))!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Administrator pertama' })).toBeVisible();
    await page.getByLabel('Nama').fill('Ratna Wulandari');
    await page.getByLabel('Email').fill('admin@sekolah.id');
    await page.getByLabel('Kata sandi', { exact: true }).fill('pendek');
    await page.getByLabel('Ulangi kata sandi').fill('pendek');
    await page.getByRole('button', { name: 'Buat administrator' }).click();
    await expect(page.getByText('Kata sandi minimal 8 karakter.')).toBeVisible();
    // The link still works after a refused form.
    await page.getByLabel('Kata sandi', { exact: true }).fill('kata-sandi-admin');
    await page.getByLabel('Ulangi kata sandi').fill('kata-sandi-admin');
    await page.getByRole('button', { name: 'Buat administrator' }).click();
    await expect(page.getByText('Akun administrator admin@sekolah.id siap dipakai.')).toBeVisible();

    // Used once: the link is refused now, and the administrator signs in.
    expect((await page.goto(link!))!.status()).toBe(404);
    await expect(page.getByText('Tautan ini tidak berlaku')).toBeVisible();
    const login = await context.request.post('/auth/login', { data: { email: 'admin@sekolah.id', password: 'kata-sandi-admin' } });
    expect(login.status(), await login.text()).toBe(200);
    await context.close();
  } finally {
    const exited = new Promise((done) => (server.exitCode !== null ? done(null) : server.once('exit', done)));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
