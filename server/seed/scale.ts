import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import { hashPassword } from '../auth/password.ts';
import { LOAN_DAYS } from '../../src/lib/contract/values.ts';
import { LOAN_LIMIT } from '../../src/lib/libraries/rules.ts';
import { attachDemoEditions } from './readable-books.ts';
import { openObjectStore } from '../storage/open.ts';
import { sqlId } from './scale-ids.ts';
import { seedScaleTimeline } from './scale-timeline.ts';
import { FIRST, LAST, NOUN, LINK, PLACE, SUBJECT, SUBJECT_EN, LEVEL, LEVEL_EN, PUBLISHER, SENTENCE, REVIEW, pick } from './scale-words.ts';

/*
 * The scale database of `npm run seed:scale` and `npm run bench`: N generated books with matching
 * authors, categories, ePustaka, readers, ratings and loans, inserted in bulk inside the database
 * (INSERT ... SELECT generate_series), so 100,000 books take seconds, not the hours the row-by-row
 * demo seed would. Every generated row has a deterministic id (md5 of a name and an index, as a
 * uuid), so related rows are joined by arithmetic instead of lookups.
 *
 * Besides the catalogue it prepares what the benchmarks need: 200 verified bench users with open
 * sessions (tokens are signed with the data directory's secret, no scrypt per user), 100 race books
 * with one copy each, and a pool of many-copy books for borrow latency.
 */

/** Bench users, one per concurrent borrower of the race. */
export const BENCH_USERS = 200;
/** Books of the borrow race: one copy each, held by the bench ePustaka only. */
export const RACE_BOOKS = 100;
/** Books each bench user may borrow in the latency run (one distinct book per borrow). */
export const POOL_BORROWS_PER_USER = 5;
const BENCH_EPUSTAKA_NAME = 'Pustaka Uji Skala';
const DEMO_EPUSTAKA_NAME = 'Perpustakaan Digital Nusantara';

/** What the seed made, for the benchmarks (written to `<data dir>/scale-manifest.json`). */
export interface ScaleManifest {
  books: number;
  seededAt: string;
  organizationId: string;
  benchEpustakaId: string;
  /** The demo ePustaka when the demo data is there; bench users are active members of it too. */
  demoEpustakaId: string | null;
  /** A public DRM book with ratings and loans, for the public page and throughput runs. */
  sampleBookId: string;
  /** A QR code of the sample book with a location, as printed: `/qr/<id>/<location>`. */
  sampleQrPath: string;
  /** An article a public ePustaka holds (from the demo data), `/article/<id>`; null without the demo. */
  sampleArticlePath: string | null;
  /** 1,000 books spread over the catalogue, for API runs that must not hit one row only. */
  spreadBookIds: string[];
  raceBookIds: string[];
  /** poolBookIds[u * POOL_BORROWS_PER_USER + k] is the k-th book bench user u borrows. */
  poolBookIds: string[];
  benchUsers: { id: string; sessionId: string; email: string }[];
  /** Books with a real file (the demo's), by file name. */
  readable: Record<string, { bookId: string; drm: boolean; kind: string }>;
  counts: Record<string, number>;
  seconds: number;
}

/** A deterministic uuid (v4 layout) for the `index`-th generated row of `kind`, the same in SQL and here. */
export function scaleId(kind: string, index: number): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  const md5 = createHash('md5').update(`scale-${kind}-${index}`).digest('hex');
  // Version 4 and the RFC 4122 variant, so the ids pass the API's uuid validation.
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}


export interface ScaleOptions {
  books: number;
  log?: (msg: string) => void;
  now?: Date;
}

/**
 * Adds the generated catalogue to a migrated database (the demo data may or may not be there).
 * Runs in one transaction.
 */
export async function seedScale(db: Db, config: Pick<ServerConfig, 'organizationId' | 'dataDir' | 's3' | 'passwordHashCost'>, options: ScaleOptions): Promise<ScaleManifest> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const N = Math.max(RACE_BOOKS + BENCH_USERS * POOL_BORROWS_PER_USER + 100, Math.floor(options.books));
  const C = Math.max(20, Math.min(SUBJECT.length * LEVEL.length, Math.ceil(N / 1000)));
  const A = Math.max(50, Math.ceil(N / 5));
  const E = Math.max(5, Math.ceil(N / 1000));
  const U = Math.max(100, Math.ceil(N / 20));
  const org = config.organizationId;
  const passwordHash = await hashPassword('demo12345', config.passwordHashCost);
  const nowIso = now.toISOString();
  const step = (name: string, t: number) => log(`${name} (${((performance.now() - t) / 1000).toFixed(1)} s)`);

  await db.transaction(async (tx) => {
    let t = performance.now();
    // Every reference below is right by construction: skip the per-row foreign-key checks
    // (their triggers), which would cost more than the inserts themselves.
    await tx.query(`SET LOCAL session_replication_role = replica`);
    // Secondary indexes are built once at the end, which is much faster than row by row.
    const { rows: indexes } = await tx.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = ANY($1::text[])
          AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [['books', 'authors', 'users', 'epustaka_books', 'epustaka_members', 'borrows', 'ratings']],
    );
    for (const index of indexes) await tx.query(`DROP INDEX ${index.indexname}`);
    await tx.query(`INSERT INTO organizations (id, name) VALUES ($1, 'ePustaka') ON CONFLICT (id) DO NOTHING`, [org]);
    await tx.query(
      `INSERT INTO categories (id, organization_id, category_name, category_name_en)
       SELECT ${sqlId('category', 'i')}, $1,
              ${pick(SUBJECT, 'i')} || ' ' || ${pick(LEVEL, `i / ${SUBJECT.length}`)},
              ${pick(SUBJECT_EN, 'i')} || ' ' || ${pick(LEVEL_EN, `i / ${SUBJECT.length}`)}
         FROM generate_series(0, ${C - 1}) i`,
      [org],
    );
    await tx.query(
      `INSERT INTO authors (id, author_name)
       SELECT ${sqlId('author', 'i')}, ${pick(FIRST, 'i')} || ' ' || ${pick(LAST, `i / ${FIRST.length}`)}
              || CASE WHEN i >= ${FIRST.length * LAST.length} THEN ' ' || ${pick(LAST, `i / ${FIRST.length * LAST.length}`)} ELSE '' END
         FROM generate_series(0, ${A - 1}) i`,
    );
    // Users: 0..BENCH_USERS-1 are the bench users, the rest readers; all share one password hash.
    await tx.query(
      `INSERT INTO users (id, organization_id, email, password_hash, name, role_code, verified_at, created_at, updated_at)
       SELECT ${sqlId('user', 'i')}, $1,
              CASE WHEN i < ${BENCH_USERS} THEN 'bench' || i || '@skala.id' ELSE 'pembaca' || i || '@skala.id' END,
              $2, ${pick(FIRST, 'i * 7')} || ' ' || ${pick(LAST, 'i * 3 + i / 32')}, CASE WHEN i % 25 = 0 THEN 304 ELSE 303 END,
              $3::timestamptz, $3::timestamptz - (i % 700) * interval '1 day', $3::timestamptz
         FROM generate_series(0, ${U + BENCH_USERS - 1}) i`,
      [org, passwordHash, nowIso],
    );
    await tx.query(
      `INSERT INTO sessions (id, user_id, user_agent)
       SELECT ${sqlId('session', 'i')}, ${sqlId('user', 'i')}, 'bench' FROM generate_series(0, ${BENCH_USERS - 1}) i`,
    );
    step(`${C} categories, ${A} authors, ${U + BENCH_USERS} users`, t);

    // ePustaka 0 is the bench library (its members may hold as many loans as a library allows, so a
    // bench step's borrows are not refused by the limit); every tenth one is private.
    t = performance.now();
    await tx.query(
      `INSERT INTO epustaka (id, organization_id, epustaka_name, epustaka_description, epustaka_isprivate, epustaka_category, max_loans_per_member)
       SELECT ${sqlId('epustaka', 'i')}, $1,
              CASE WHEN i = 0 THEN '${BENCH_EPUSTAKA_NAME}' ELSE 'Pustaka ' || ${pick(PLACE, 'i')} || ' ' || i END,
              ${pick(SENTENCE, 'i')}, i % 10 = 9, CASE WHEN i % 4 = 0 THEN 'P' ELSE 'L' END,
              CASE WHEN i = 0 THEN ${LOAN_LIMIT.max} ELSE ${LOAN_LIMIT.default} END
         FROM generate_series(0, ${E - 1}) i`,
      [org],
    );
    // Readers belong to two ePustaka; bench users to the bench one (and the demo one below).
    await tx.query(
      `INSERT INTO epustaka_members (epustaka_id, user_id, member_status)
       SELECT ${sqlId('epustaka', `CASE WHEN u < ${BENCH_USERS} THEN 0 ELSE 1 + (u + k * 7) % ${E - 1} END`)}, ${sqlId('user', 'u')}, 1
         FROM generate_series(0, ${U + BENCH_USERS - 1}) u, generate_series(0, 1) k
        WHERE u >= ${BENCH_USERS} OR k = 0`,
    );

    // Books: 0..RACE_BOOKS-1 race books, then the borrow pool, then the catalogue. About a third
    // are open (no DRM); created_at is spread over three years so "latest" has an order.
    const poolStart = RACE_BOOKS;
    const poolEnd = RACE_BOOKS + BENCH_USERS * POOL_BORROWS_PER_USER;
    await tx.query(
      `INSERT INTO books (id, organization_id, catalog_title, author_id, category_id, publisher, publish_date, isbn, description,
                          language, pages, file_ext, file_size, using_drm, cover_url, created_at, updated_at)
       SELECT id, $1, title, ${sqlId('author', `(i * 7919) % ${A}`)}, ${sqlId('category', `(i * 31 + i / 97) % ${C}`)},
              ${pick(PUBLISHER, 'i / 3')}, make_date(1990 + i % 36, 1 + i % 12, 1 + i % 28),
              '978-602-' || lpad((i % 100000)::text, 5, '0') || '-' || (i % 10),
              ${pick(SENTENCE, 'i')} || ' ' || ${pick(SENTENCE, 'i / 8 + 3')} || ' ' || ${pick(SENTENCE, 'i / 64 + 5')},
              CASE WHEN i % 7 = 0 THEN 'en' ELSE 'id' END, 48 + (i * 13) % 400,
              CASE WHEN i % 5 = 0 THEN 'epub' ELSE 'pdf' END, (48 + (i * 13) % 400) * 61440,
              i < ${poolEnd} OR i % 3 <> 0, '/storage/covers/' || id || '.svg', created, created
         FROM (SELECT i, ${sqlId('book', 'i')} AS id,
                      CASE WHEN i < ${poolStart} THEN 'Buku Uji Rebutan ' || lpad(i::text, 3, '0')
                           ELSE ${pick(NOUN, 'i')} || ' ' || ${pick(LINK, 'i / 24')} || ' ' || ${pick(PLACE, 'i / 192')}
                                || CASE WHEN i >= 3840 THEN ' ' || (i / 3840 + 1) ELSE '' END END AS title,
                      $2::timestamptz - ((${N} - i) * interval '15 minutes') AS created
                 FROM generate_series(0, ${N - 1}) i) g`,
      [org, nowIso],
    );
    step(`${E} ePustaka, ${N} books`, t);

    // Holdings: race and pool books in the bench ePustaka only; the catalogue in one or two others.
    // DRM copies: race books 1, pool books POOL_BORROWS_PER_USER (one per borrow), others 1-5.
    t = performance.now();
    await tx.query(
      `INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty)
       SELECT ${sqlId('epustaka', 'e')}, ${sqlId('book', 'i')}, q, q
         FROM (SELECT i, k,
                      CASE WHEN i < ${poolEnd} THEN 0 ELSE 1 + (i + k * 13) % ${E - 1} END AS e,
                      CASE WHEN i < ${poolStart} THEN 1 WHEN i < ${poolEnd} THEN ${POOL_BORROWS_PER_USER}
                           WHEN i % 3 = 0 THEN 0 ELSE 1 + i % 5 END AS q
                 FROM generate_series(0, ${N - 1}) i, generate_series(0, 1) k
                WHERE k = 0 OR (i >= ${poolEnd} AND i % 4 = 0)) h`,
    );
    step('holdings', t);

    // Past loans (returned), each followed by a rating for most of them: book i was read by
    // (i % 3) readers. Open loans: one on every tenth DRM catalogue book, not yet due.
    t = performance.now();
    await tx.query(
      `INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at, returned_at)
       SELECT ${sqlId('user', `${BENCH_USERS} + (i * 7 + k * 13) % ${U}`)}, ${sqlId('book', 'i')}, ${sqlId('epustaka', `1 + i % ${E - 1}`)},
              md5('scale-loan-' || i || '-' || k) || md5(random()::text), b, b + interval '${LOAN_DAYS} days', b + (1 + (i + k) % 6) * interval '1 day'
         FROM (SELECT i, k, $1::timestamptz - (30 + (i * 17 + k * 5) % 900) * interval '1 day' AS b
                 FROM generate_series(${poolEnd}, ${N - 1}) i, generate_series(0, 2) k WHERE k < i % 3) l`,
      [nowIso],
    );
    await tx.query(
      `INSERT INTO ratings (book_id, user_id, rating_level, rating_comment, created_at, updated_at)
       SELECT ${sqlId('book', 'i')}, ${sqlId('user', `${BENCH_USERS} + (i * 7 + k * 13) % ${U}`)},
              (2 + (i * 3 + k) % 9) / 2.0, ${pick(REVIEW, 'i + k')}, d, d
         FROM (SELECT i, k, $1::timestamptz - (20 + (i * 17 + k * 5) % 880) * interval '1 day' AS d
                 FROM generate_series(${poolEnd}, ${N - 1}) i, generate_series(0, 2) k WHERE k < i % 3 AND (i + k) % 4 <> 0) r`,
      [nowIso],
    );
    await tx.query(
      `INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at)
       SELECT ${sqlId('user', `${BENCH_USERS} + (i * 11) % ${U}`)}, ${sqlId('book', 'i')}, ${sqlId('epustaka', `1 + i % ${E - 1}`)},
              md5('scale-open-' || i) || md5(random()::text), b, b + interval '${LOAN_DAYS} days'
         FROM (SELECT i, $1::timestamptz - (i % 6) * interval '1 day' - interval '1 hour' AS b
                 FROM generate_series(${poolEnd}, ${N - 1}) i WHERE i % 10 = 1 AND i % 3 <> 0) o`,
      [nowIso],
    );
    await tx.query(
      `UPDATE epustaka_books SET available_qty = available_qty - 1
        WHERE (epustaka_id, book_id) IN (
          SELECT ${sqlId('epustaka', `1 + i % ${E - 1}`)}, ${sqlId('book', 'i')}
            FROM generate_series(${poolEnd}, ${N - 1}) i WHERE i % 10 = 1 AND i % 3 <> 0)`,
    );
    step('loans and ratings', t);

    t = performance.now();
    const timeline = await seedScaleTimeline(tx, { books: N, readers: U, firstReader: BENCH_USERS, nowIso });
    step(`${timeline.feedItems} feed items, ${timeline.follows} follows`, t);

    t = performance.now();
    for (const index of indexes) await tx.query(index.indexdef);
    step(`${indexes.length} indexes`, t);

    // Bench users may also borrow the demo's readable books.
    const demo = await tx.query<{ id: string }>('SELECT id FROM epustaka WHERE epustaka_name = $1 LIMIT 1', [DEMO_EPUSTAKA_NAME]);
    if (demo.rows[0]) {
      await tx.query(
        `INSERT INTO epustaka_members (epustaka_id, user_id, member_status)
         SELECT $1, ${sqlId('user', 'i')}, 1 FROM generate_series(0, ${BENCH_USERS - 1}) i ON CONFLICT DO NOTHING`,
        [demo.rows[0].id],
      );
    }
  });

  // Fresh statistics, so the planner knows the tables are big.
  const t = performance.now();
  for (const table of ['books', 'authors', 'categories', 'users', 'epustaka', 'epustaka_books', 'epustaka_members', 'borrows', 'ratings', 'sessions', 'feeds', 'follows']) {
    await db.exec(`ANALYZE ${table}`);
  }
  step('analyze', t);

  // The books the benchmark borrows need a readable file, as every book does to be lent.
  const lent = Array.from({ length: RACE_BOOKS + BENCH_USERS * POOL_BORROWS_PER_USER }, (_, i) => scaleId('book', i));
  await attachDemoEditions(db, { store: openObjectStore(config), organizationId: org }, log, { bookIds: lent });

  const counts: Record<string, number> = {};
  for (const table of ['books', 'authors', 'categories', 'epustaka', 'users', 'epustaka_books', 'borrows', 'ratings', 'feeds', 'follows']) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]!.n;
  }
  const demo = await db.query<{ id: string }>('SELECT id FROM epustaka WHERE epustaka_name = $1 LIMIT 1', [DEMO_EPUSTAKA_NAME]);
  const readable: ScaleManifest['readable'] = {};
  const files = await db.query<{ book_id: string; file_name: string; kind: string; using_drm: boolean }>(
    'SELECT f.book_id, f.file_name, f.kind, b.using_drm FROM book_files f JOIN books b ON b.id = f.book_id',
  );
  for (const f of files.rows) readable[f.file_name] = { bookId: f.book_id, drm: f.using_drm, kind: f.kind };
  // The sample: a public DRM catalogue book (i % 3 = 2: read twice, one open loan when i % 10 = 1).
  let sampleIndex = Math.floor(N / 2) - (Math.floor(N / 2) % 30) + 11;
  while ((1 + (sampleIndex % (E - 1))) % 10 === 9) sampleIndex += 30;
  // A printed code of the sample book, for the QR landing's page weight.
  const sampleQrId = scaleId('qr', 0);
  await db.query(
    `INSERT INTO qr_codes (id, owner_id, target_type, target_id, location_label) VALUES ($1, $2, 'BOOK', $3, 'Rak 1')
     ON CONFLICT (id) DO NOTHING`,
    [sampleQrId, scaleId('user', 0), scaleId('book', sampleIndex)],
  );
  // An article of a public library, for the public article page's weight.
  const article = await db.query<{ id: string }>(
    `SELECT n.id FROM news n
      WHERE EXISTS (SELECT 1 FROM epustaka_news h JOIN epustaka e ON e.id = h.epustaka_id WHERE h.news_id = n.id AND NOT e.epustaka_isprivate)
      ORDER BY n.created_at, n.id LIMIT 1`,
  );
  const poolEnd = RACE_BOOKS + BENCH_USERS * POOL_BORROWS_PER_USER;
  const spread: string[] = [];
  for (let k = 0; k < 1000; k++) spread.push(scaleId('book', poolEnd + Math.floor(((N - poolEnd - 1) * k) / 999)));
  return {
    books: N,
    seededAt: now.toISOString(),
    organizationId: org,
    benchEpustakaId: scaleId('epustaka', 0),
    demoEpustakaId: demo.rows[0]?.id ?? null,
    sampleBookId: scaleId('book', sampleIndex),
    sampleQrPath: `/qr/${sampleQrId}/rak-1`,
    sampleArticlePath: article.rows[0] ? `/article/${article.rows[0].id}` : null,
    spreadBookIds: spread,
    raceBookIds: Array.from({ length: RACE_BOOKS }, (_, i) => scaleId('book', i)),
    poolBookIds: Array.from({ length: BENCH_USERS * POOL_BORROWS_PER_USER }, (_, i) => scaleId('book', RACE_BOOKS + i)),
    benchUsers: Array.from({ length: BENCH_USERS }, (_, i) => ({ id: scaleId('user', i), sessionId: scaleId('session', i), email: `bench${i}@skala.id` })),
    readable,
    counts,
    seconds: (performance.now() - started) / 1000,
  };
}

export const MANIFEST_FILE = 'scale-manifest.json';

export function readManifest(dataDir: string): ScaleManifest | null {
  const file = join(dataDir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ScaleManifest;
  } catch {
    return null;
  }
}

/**
 * `node server/seed/scale.ts --books 100000 [--data-dir DIR] [--no-demo] [--database-url URL]`: a new
 * data directory (replacing DIR) with the demo data and N generated books. With `--database-url` the
 * rows go to that PostgreSQL database instead (it must be empty) and DIR keeps the files; a server on
 * it signs tokens with `JWT_SECRET`, so sign the bench users' tokens with the same.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: '100000' },
      'data-dir': { type: 'string', default: process.env.SCALE_DATA_DIR || './data-scale' },
      'no-demo': { type: 'boolean', default: false },
      'database-url': { type: 'string' },
    },
  });
  const books = Number(values.books);
  if (!Number.isInteger(books) || books < 1) throw new Error('--books must be a positive integer');
  const dataDir = resolve(values['data-dir']);
  const started = performance.now();
  const log = (msg: string) => console.log(`[seed:scale] ${msg}`);

  const { loadConfig } = await import('../config.ts');
  const { lockDataDir } = await import('../db/lock.ts');
  const { openPglite, openPostgres } = await import('../db/client.ts');
  const { migrate } = await import('../db/migrate.ts');
  const { loadSigningSecret } = await import('../auth/secrets.ts');

  // Take the lock first, so a running server on DIR is never wiped under it.
  mkdirSync(dataDir, { recursive: true });
  let release = lockDataDir(dataDir);
  release();
  rmSync(dataDir, { recursive: true, force: true });
  release = lockDataDir(dataDir);
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), dataDir };
  const url = values['database-url'];
  const db = url ? await openPostgres(url) : await openPglite(join(dataDir, 'pgdata'));
  try {
    if (url && (await db.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' LIMIT 1`)).rowCount > 0) {
      throw new Error('--database-url must name an empty database');
    }
    await migrate(db);
    log(`database ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (!values['no-demo']) {
      const { seedDemo } = await import('./index.ts');
      await seedDemo(db, config, { log });
    }
    const manifest = await seedScale(db, config, { books, log });
    loadSigningSecret(dataDir);
    manifest.seconds = (performance.now() - started) / 1000;
    writeFileSync(join(dataDir, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
    log(`${Object.entries(manifest.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
    log(`done in ${manifest.seconds.toFixed(1)} s: ${dataDir}`);
  } finally {
    await db.close();
    release();
  }
}

if (import.meta.main) {
  await main();
}
