import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { openPglite } from '../db/client.ts';
import { OWN_BOOKS_DIR, ownBook } from './testing.ts';
import { printed, READY_CEILING_MS } from '../test/limits.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'epustaka-ingest-cli-'));
// The first run asks for the demo data (DEMO_DATA), whose libraries the books go into. The demo
// seed adds real-world books from BOOK_FIXTURES_DIR when they are there; pointed at an empty
// folder, the first run seeds the demo rows without them, which these tests never read.
const noDemoBooks = mkdtempSync(join(tmpdir(), 'epustaka-no-books-'));
const fixture = (name: string) => join(OWN_BOOKS_DIR, name);
const brokenDir = mkdtempSync(join(tmpdir(), 'epustaka-broken-books-'));
/** A broken book written to a file of its own: the first `share` of one of the repository's books. */
const brokenFile = (name: string, share: number) => {
  const path = join(brokenDir, `cut-${share}-${name}`);
  const bytes = ownBook(name);
  writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length * share)));
  return path;
};
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(noDemoBooks, { recursive: true, force: true });
  rmSync(brokenDir, { recursive: true, force: true });
});

/*
 * What a test here waits for: Node starting the command (or the server) two or three times, and the
 * first run creating a PGlite cluster on disk, migrating and seeding it (about 6 s in all on an
 * idle 2-core machine, minutes under heavy load): readiness, limited by the shared ceiling only.
 */
const SPAWNING_TEST_MS = READY_CEILING_MS;

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server/reader/ingest-cli.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DEMO_DATA: 'true', BOOK_FIXTURES_DIR: noDemoBooks, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function countRows(table: 'books' | 'media_items', title: string): Promise<number> {
  const column = table === 'books' ? 'catalog_title' : 'media_title';
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [title])).rows[0]!.n;
  } finally {
    await db.close();
  }
}
const countBooks = (title: string) => countRows('books', title);

/** The folders of stored media files (one per item, and any staging folder left behind). */
const mediaFolders = () => (existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')) : []);
const demoMedia = (name: string) => join(root, 'server/seed/media/files', name);

/** Whether the demo student is an active member of a public ePustaka that holds the book. */
async function studentMayBorrow(title: string): Promise<boolean> {
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM books b
         JOIN epustaka_books eb ON eb.book_id = b.id
         JOIN epustaka e ON e.id = eb.epustaka_id AND NOT e.epustaka_isprivate
         JOIN epustaka_members m ON m.epustaka_id = e.id AND m.member_status = 1
         JOIN users u ON u.id = m.user_id AND u.email = 'siswa@demo.id'
        WHERE b.catalog_title = $1`,
      [title],
    );
    return rows[0]!.n === 1;
  } finally {
    await db.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Both cases are about the embedded database's single-process lock, so they run on PGlite, and
// only in the PGlite run of the suite: in the PostgreSQL run they would do the very same again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run ingest', () => {
  test('on a fresh data directory it creates and migrates the database and adds the book', async () => {
    const ok = await run([fixture('sajak.epub'), '--open', '--title', 'Tanah Tandus CLI', '--json']);
    expect(ok.stderr).toContain('applied migrations');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ title: 'Tanah Tandus CLI', kind: 'epub', using_drm: false });
    expect(await countBooks('Tanah Tandus CLI')).toBe(1);

    // Without --epustaka the book goes to a library the demo student may borrow from, and says which.
    const plain = await run([fixture('sajak.epub'), '--title', 'Tanah Tandus Bawaan']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/in the ePustaka "Perpustakaan Digital Nusantara" \([0-9a-f-]{36}\)\./);
    expect(await studentMayBorrow('Tanah Tandus Bawaan')).toBe(true);

    const broken = await run([brokenFile('panduan-bersampul.pdf', 0.6), '--title', 'Rusak CLI']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/ingest: The PDF is damaged or incomplete/);
    expect(await countBooks('Rusak CLI')).toBe(0);
  }, SPAWNING_TEST_MS);

  test('while a server holds the data directory it hands books, video and audio to that server', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['server/api-main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DEMO_DATA: 'true', BOOK_FIXTURES_DIR: noDemoBooks, API_PORT: String(port), API_HOST: '127.0.0.1' },
    });
    try {
      await printed(server, 'listening');
      const url = `http://127.0.0.1:${port}`;
      // Held by a public ePustaka, so its cover is for anyone (server/access).
      const ok = await run([fixture('sandi-abc.pdf'), '--password', 'abc', '--title', 'Lewat Server', '--copies', '2', '--epustaka', 'Perpustakaan Digital Nusantara', '--server', url, '--json']);
      expect(ok.stderr).not.toContain('applied migrations');
      expect(ok.code).toBe(0);
      const added = JSON.parse(ok.stdout);
      expect(added).toMatchObject({ title: 'Lewat Server', kind: 'pdf', pages: 1, using_drm: true, copies: 2 });
      expect((await fetch(`${url}/storage/books/${added.book_id}/cover`)).status).toBe(200);

      const refused = await run([brokenFile('panduan.pdf', 0.01), '--title', 'Rusak Lewat Server', '--server', url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/ingest: The PDF is damaged or incomplete/);

      // Video and audio go the same way: checked, stored and served by the running server.
      const video = await run([demoMedia('cara-meminjam.webm'), '--title', 'Video Lewat Server', '--epustaka', 'Perpustakaan Digital Nusantara', '--server', url, '--json']);
      expect(video.stderr).not.toContain('applied migrations');
      expect(video.code).toBe(0);
      const media = JSON.parse(video.stdout);
      expect(media).toMatchObject({ title: 'Video Lewat Server', type: 'video', extension: 'webm', content_type: 'video/webm' });
      expect(media.duration).toBeGreaterThan(0);
      expect((await fetch(`${url}/storage/media/${media.id}/file`, { headers: { range: 'bytes=0-3' } })).status).toBe(206);
      const folders = mediaFolders().length;

      // A file cut short, and one that is not what its name says: refused, and nothing is kept.
      const cut = join(noDemoBooks, 'potong.ogg');
      const whole = readFileSync(demoMedia('tips-membaca.ogg'));
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.byteLength / 2)));
      const truncated = await run([cut, '--title', 'Audio Terpotong', '--server', url]);
      expect(truncated.code).toBe(1);
      expect(truncated.stderr).toMatch(/ingest: potong\.ogg (ends before its stated length|could not be read|has no readable duration)/);
      const mislabelled = join(noDemoBooks, 'salah.mp4');
      writeFileSync(mislabelled, whole);
      const wrong = await run([mislabelled, '--title', 'Video Palsu', '--server', url]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/ingest: salah\.mp4 is not a mp4 file/);
      expect(mediaFolders()).toHaveLength(folders);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(await countBooks('Lewat Server')).toBe(1);
    expect(await countBooks('Rusak Lewat Server')).toBe(0);
    expect(await countRows('media_items', 'Video Lewat Server')).toBe(1);
    expect(await countRows('media_items', 'Audio Terpotong')).toBe(0);
    expect(await countRows('media_items', 'Video Palsu')).toBe(0);
  }, SPAWNING_TEST_MS);
});
