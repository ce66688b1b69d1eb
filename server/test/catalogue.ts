import { randomBytes } from 'node:crypto';
import type { TestContext } from './context.ts';

/** A signed-in test user. */
export interface Caller {
  id: string;
  name: string;
  token: string;
}

/** Opens a session for an existing user and signs an access token for it (no password check). */
export async function signIn(ctx: TestContext, user: { id: string }): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string; role_code: number; organization_id: string }>(
    `INSERT INTO sessions (user_id) VALUES ($1)
     RETURNING id, (SELECT role_code FROM users WHERE id = $1) AS role_code, (SELECT organization_id FROM users WHERE id = $1) AS organization_id`,
    [user.id],
  );
  const row = rows[0]!;
  const { token } = await ctx.deps.signer.sign({ sub: user.id, sid: row.id, org: row.organization_id, role: row.role_code, verified: true });
  return token;
}

/** A verified user with a token. */
export async function createCaller(ctx: TestContext, options: { name?: string } = {}): Promise<Caller> {
  const user = await ctx.createUser({ name: options.name });
  const token = await signIn(ctx, user);
  return { id: user.id, name: options.name ?? '', token };
}

/**
 * Many verified users with tokens at once (one statement for the users, one for the sessions),
 * for concurrency tests. Names are "<prefix> 001", "<prefix> 002", ...
 */
export async function createCallers(ctx: TestContext, count: number, prefix = 'Pembaca'): Promise<Caller[]> {
  const tag = randomBytes(4).toString('hex');
  const users = await ctx.db.query<{ id: string; name: string }>(
    `INSERT INTO users (organization_id, email, name, role_code, verified_at)
     SELECT $1, 'bulk-' || $2 || '-' || g || '@test.id', $3 || ' ' || lpad(g::text, 3, '0'), 303, now()
       FROM generate_series(1, $4::int) g
     RETURNING id, name`,
    [ctx.config.organizationId, tag, prefix, count],
  );
  const ids = users.rows.map((u) => u.id);
  const sessions = await ctx.db.query<{ id: string; user_id: string }>(
    'INSERT INTO sessions (user_id) SELECT unnest($1::uuid[]) RETURNING id, user_id',
    [ids],
  );
  const sessionOf = new Map(sessions.rows.map((s) => [s.user_id, s.id]));
  const callers = await Promise.all(
    users.rows.map(async (u) => {
      const { token } = await ctx.deps.signer.sign({ sub: u.id, sid: sessionOf.get(u.id)!, org: ctx.config.organizationId, role: 303, verified: true });
      return { id: u.id, name: u.name, token };
    }),
  );
  return callers.sort((a, b) => a.name.localeCompare(b.name));
}

/** A library; `maxLoans` is how many loans one member may have open from it (the product's default when absent). */
export async function createEpustaka(
  ctx: TestContext,
  options: { name?: string; isPrivate?: boolean; ownerId?: string; maxLoans?: number } = {},
): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO epustaka (organization_id, epustaka_name, epustaka_isprivate, created_by, max_loans_per_member)
     VALUES ($1, $2, $3, $4, coalesce($5::int, 5)) RETURNING id`,
    [ctx.config.organizationId, options.name ?? `ePustaka ${randomBytes(2).toString('hex')}`, options.isPrivate ?? false, options.ownerId ?? null, options.maxLoans ?? null],
  );
  return rows[0]!.id;
}

/** Sets a membership; status 3 gets an end date in the past. */
export async function addMember(ctx: TestContext, epustakaId: string, userId: string, status: 0 | 1 | 3 = 1): Promise<void> {
  await ctx.db.query(
    `INSERT INTO epustaka_members (epustaka_id, user_id, member_status, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (epustaka_id, user_id) DO UPDATE SET member_status = EXCLUDED.member_status, expires_at = EXCLUDED.expires_at`,
    [epustakaId, userId, status, status === 3 ? new Date(Date.now() - 86_400_000).toISOString() : null],
  );
}

/** Active memberships for many users at once. */
export async function addMembers(ctx: TestContext, epustakaId: string, userIds: string[]): Promise<void> {
  await ctx.db.query(
    `INSERT INTO epustaka_members (epustaka_id, user_id, member_status) SELECT $1, unnest($2::uuid[]), 1
     ON CONFLICT (epustaka_id, user_id) DO NOTHING`,
    [epustakaId, userIds],
  );
}

export async function createCategory(ctx: TestContext, name: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'INSERT INTO categories (organization_id, category_name, category_name_en) VALUES ($1, $2, $2) RETURNING id',
    [ctx.config.organizationId, name],
  );
  return rows[0]!.id;
}

export async function createAuthor(ctx: TestContext, name: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>('INSERT INTO authors (author_name) VALUES ($1) RETURNING id', [name]);
  return rows[0]!.id;
}

export interface BookOptions {
  title?: string;
  authorId?: string | null;
  categoryId?: string | null;
  year?: number;
  usingDrm?: boolean;
  fileSize?: number;
  createdAt?: Date;
  /** Holdings: `copies` is ignored (0) for open books. */
  holdings?: { epustakaId: string; copies: number }[];
  /** Registers a (placeholder) readable file, as borrowing needs one; true unless set false. */
  readable?: boolean;
}

/** A book with its holdings. */
export async function createBook(ctx: TestContext, options: BookOptions = {}): Promise<string> {
  const drm = options.usingDrm ?? true;
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO books (organization_id, catalog_title, author_id, category_id, publisher, publish_date, isbn, description,
                        file_ext, file_size, using_drm, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'Penerbit Uji', $5, '9786020000000', 'Deskripsi.', 'pdf', $6, $7, $8, $8) RETURNING id`,
    [
      ctx.config.organizationId,
      options.title ?? `Buku ${randomBytes(3).toString('hex')}`,
      options.authorId ?? null,
      options.categoryId ?? null,
      `${options.year ?? 2020}-01-01`,
      options.fileSize ?? 2_621_440,
      drm,
      (options.createdAt ?? new Date()).toISOString(),
    ],
  );
  const id = rows[0]!.id;
  if (options.readable !== false) {
    await ctx.db.query(
      `INSERT INTO book_files (book_id, kind, file_name, size, sha256, chunk_size, key_salt) VALUES ($1, 'epub', 'test.epub', 1, 'test', 65536, 'test')`,
      [id],
    );
  }
  for (const h of options.holdings ?? []) {
    const copies = drm ? h.copies : 0;
    await ctx.db.query('INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty) VALUES ($1, $2, $3, $3)', [h.epustakaId, id, copies]);
  }
  return id;
}

/** Copies of a holding as stored. */
export async function holdingOf(ctx: TestContext, epustakaId: string, bookId: string): Promise<{ all_qty: number; available_qty: number }> {
  const { rows } = await ctx.db.query<{ all_qty: number; available_qty: number }>(
    'SELECT all_qty, available_qty FROM epustaka_books WHERE epustaka_id = $1 AND book_id = $2',
    [epustakaId, bookId],
  );
  return rows[0]!;
}

/** A small catalogue: a public and a private ePustaka, two categories and authors, five books. */
export interface SeededCatalogue {
  publicId: string;
  privateId: string;
  categories: { fiksi: string; sains: string };
  authors: { euis: string; bima: string };
  books: { novel2019: string; novel2021: string; sains2019: string; openSains: string; privateOnly: string };
}

export async function seedCatalogue(ctx: TestContext): Promise<SeededCatalogue> {
  const publicId = await createEpustaka(ctx, { name: 'Perpustakaan Umum Uji' });
  const privateId = await createEpustaka(ctx, { name: 'Pustaka Sekolah Uji', isPrivate: true });
  const fiksi = await createCategory(ctx, 'Fiksi');
  const sains = await createCategory(ctx, 'Sains');
  const euis = await createAuthor(ctx, 'Euis Nurjanah');
  const bima = await createAuthor(ctx, 'Bima Sakti');
  const day = 86_400_000;
  const base = Date.now() - 30 * day;
  const novel2019 = await createBook(ctx, {
    title: 'Gerimis di Kota Kembang', authorId: euis, categoryId: fiksi, year: 2019, createdAt: new Date(base),
    holdings: [{ epustakaId: publicId, copies: 3 }, { epustakaId: privateId, copies: 2 }],
  });
  const novel2021 = await createBook(ctx, {
    title: 'Angin Selatan', authorId: euis, categoryId: fiksi, year: 2021, createdAt: new Date(base + day),
    holdings: [{ epustakaId: publicId, copies: 1 }],
  });
  const sains2019 = await createBook(ctx, {
    title: 'Zaman Batu dan Logam', authorId: bima, categoryId: sains, year: 2019, createdAt: new Date(base + 2 * day),
    holdings: [{ epustakaId: publicId, copies: 0 }],
  });
  const openSains = await createBook(ctx, {
    title: 'Bintang dan Planet', authorId: bima, categoryId: sains, year: 2020, usingDrm: false, createdAt: new Date(base + 3 * day),
    holdings: [{ epustakaId: publicId, copies: 0 }],
  });
  const privateOnly = await createBook(ctx, {
    title: 'Catatan Harian Sekolah', authorId: bima, categoryId: fiksi, year: 2019, createdAt: new Date(base + 4 * day),
    holdings: [{ epustakaId: privateId, copies: 1 }],
  });
  return {
    publicId,
    privateId,
    categories: { fiksi, sains },
    authors: { euis, bima },
    books: { novel2019, novel2021, sains2019, openSains, privateOnly },
  };
}
