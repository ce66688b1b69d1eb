import type { Queryable } from '../db/client.ts';
import type { Author, BookListItem, BookSort, Category, RelatedBook, SitemapEntry } from '../../src/lib/catalogue/schema.ts';
import { containsPattern, isUuid, SqlParams, type FilterCondition, type FilterField, type Scalar } from '../http/list-params.ts';
import { dateOnly, iso, numberOrNull } from '../db/format.ts';

/** The fields a book list may be filtered on (see `BookFilter` in the shared schema). */
export const BOOK_FILTER_FIELDS = {
  category_id: { type: 'uuid', ops: ['eq', 'in'], aliases: ['c.id', 'b.category_id'] },
  author: { type: 'uuid_or_text', ops: ['eq', 'in'] },
  author_id: { type: 'uuid', ops: ['eq', 'in'], aliases: ['b.catalog_authors', 'b.author_id'] },
  author_name: { type: 'text', ops: ['eq', 'in', 'ilike'], aliases: ['a.author_name'] },
  catalog_title: { type: 'text', ops: ['eq', 'ilike'], aliases: ['b.catalog_title'] },
  catalog_publish_date: { type: 'int', ops: ['eq', 'in', 'gte', 'lte'], min: 1000, max: 9999, aliases: ['b.catalog_publish_date'] },
  entry: { type: 'bool', ops: ['eq'] },
  collectionpublic: { type: 'bool', ops: ['eq'] },
  available: { type: 'bool', ops: ['eq'] },
  q: { type: 'text', ops: ['eq', 'ilike'] },
} satisfies Record<string, FilterField>;

export type BookFilterField = keyof typeof BOOK_FILTER_FIELDS;

/** Accepted spellings of the book sorts. */
export const BOOK_SORT_VALUES: Record<string, BookSort> = {
  latest: 'latest',
  '-created_at': 'latest',
  '-b.created_at': 'latest',
  created_at: 'created_at',
  'b.created_at': 'created_at',
  catalog_title: 'catalog_title',
  'b.catalog_title': 'catalog_title',
  '-catalog_title': '-catalog_title',
  '-b.catalog_title': '-catalog_title',
  popular: 'popular',
};

const ORDER_BY: Record<BookSort, string> = {
  latest: 'b.created_at DESC, b.id DESC',
  '-created_at': 'b.created_at DESC, b.id DESC',
  created_at: 'b.created_at ASC, b.id ASC',
  catalog_title: 'lower(b.catalog_title) ASC, b.id ASC',
  '-catalog_title': 'lower(b.catalog_title) DESC, b.id DESC',
  popular: '(SELECT count(*) FROM borrows x WHERE x.book_id = b.id) DESC, b.created_at DESC, b.id DESC',
};

// An ePustaka the user may borrow from without asking to join: one they are an active member of, or a public one.
const ENTRY_HOLDING = (user: string, now: string) => `EXISTS (
  SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id
    LEFT JOIN epustaka_members m ON m.epustaka_id = eb.epustaka_id AND m.user_id = ${user}
   WHERE eb.book_id = b.id
     AND (NOT e.epustaka_isprivate OR (m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${now}))))`;

const PUBLIC_HOLDING = `EXISTS (
  SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id
   WHERE eb.book_id = b.id AND NOT e.epustaka_isprivate)`;

const AVAILABLE_HOLDING = `EXISTS (
  SELECT 1 FROM epustaka_books eb WHERE eb.book_id = b.id AND (NOT b.using_drm OR eb.available_qty > 0))`;

// The book row keeps its reviews' count and level sum (migration 20261128_01_book_rating_summary).
export const AVG_RATING = `(CASE WHEN b.rating_count > 0 THEN round(b.rating_level_sum / b.rating_count, 1)::float8 END)`;

const YEAR = 'extract(year FROM b.publish_date)::int';

/** What a list query needs besides its filter. */
export interface BookListQuery {
  conditions: FilterCondition<BookFilterField>[];
  sort: BookSort;
  limit: number;
  offset: number;
  viewerId: string;
  epustakaId?: string;
  /** Only these books (a search's ranked page). */
  ids?: string[];
  now: Date;
}

/**
 * One condition as SQL. Only fixed fragments are written here; every value is a bound parameter.
 * @returns null when the condition asks for nothing (a false flag).
 */
function conditionSql(c: FilterCondition<BookFilterField>, p: SqlParams, viewerId: string, now: Date): string | null {
  const list = (v: Scalar | Scalar[]) => (Array.isArray(v) ? v : [v]);
  const lowered = (v: Scalar | Scalar[]) => list(v).map((x) => String(x).toLowerCase());
  switch (c.field) {
    case 'category_id':
      return `b.category_id = ANY(${p.add(list(c.value))}::uuid[])`;
    case 'author_id':
      return `b.author_id = ANY(${p.add(list(c.value))}::uuid[])`;
    case 'author': {
      const ids = list(c.value).filter(isUuid);
      const names = list(c.value).filter((v) => !isUuid(v)).map((v) => String(v).toLowerCase());
      const parts: string[] = [];
      if (ids.length) parts.push(`b.author_id = ANY(${p.add(ids)}::uuid[])`);
      if (names.length) parts.push(`lower(a.author_name) = ANY(${p.add(names)}::text[])`);
      return `(${parts.join(' OR ')})`;
    }
    case 'author_name':
      if (c.op === 'ilike') return `a.author_name ILIKE ${p.add(containsPattern(String(c.value)))}`;
      return `lower(a.author_name) = ANY(${p.add(lowered(c.value))}::text[])`;
    case 'catalog_title':
      if (c.op === 'ilike') return `b.catalog_title ILIKE ${p.add(containsPattern(String(c.value)))}`;
      return `lower(b.catalog_title) = ${p.add(String(c.value).toLowerCase())}`;
    case 'catalog_publish_date':
      if (c.op === 'gte') return `${YEAR} >= ${p.add(c.value)}::int`;
      if (c.op === 'lte') return `${YEAR} <= ${p.add(c.value)}::int`;
      return `${YEAR} = ANY(${p.add(list(c.value))}::int[])`;
    case 'q': {
      // Every word must appear in the title or the author's name: "hirata pelangi" finds
      // Laskar Pelangi by Andrea Hirata.
      const words = String(c.value).split(/\s+/).filter(Boolean).slice(0, 8);
      if (words.length === 0) return null;
      return words
        .map((word) => {
          const pattern = p.add(containsPattern(word));
          return `(b.catalog_title ILIKE ${pattern} OR a.author_name ILIKE ${pattern})`;
        })
        .join(' AND ');
    }
    case 'entry':
      return c.value === true ? ENTRY_HOLDING(p.add(viewerId), p.add(now.toISOString())) : null;
    case 'collectionpublic':
      return c.value === true ? PUBLIC_HOLDING : null;
    case 'available':
      return c.value === true ? AVAILABLE_HOLDING : null;
  }
}

interface BookListRow {
  id: string;
  catalog_title: string;
  author_name: string | null;
  cover_url: string | null;
  using_drm: boolean;
  all_qty: number;
  available_qty: number;
  epustaka_id: string | null;
  avg_rating: number | null;
  category_id: string | null;
  category_name: string | null;
  publish_date: string | Date | null;
  created_at: string | Date;
}

function toBookListItem(r: BookListRow): BookListItem {
  return {
    id: r.id,
    book_title: r.catalog_title,
    book_author: r.author_name,
    author_name: r.author_name,
    cover_url: r.cover_url,
    using_drm: r.using_drm,
    all_qty: r.all_qty,
    available_qty: r.available_qty,
    epustaka_id: r.epustaka_id,
    avg_rating: numberOrNull(r.avg_rating),
    category_id: r.category_id,
    category_name: r.category_name,
    publish_date: dateOnly(r.publish_date),
    created_at: iso(r.created_at),
  };
}

/** A page of books matching every condition, with copies summed over holdings (or the given ePustaka's). */
export async function listBooks(db: Queryable, query: BookListQuery): Promise<{ rows: BookListItem[]; total: number }> {
  const p = new SqlParams();
  const where: string[] = [];
  for (const c of query.conditions) {
    const sql = conditionSql(c, p, query.viewerId, query.now);
    if (sql) where.push(sql);
  }
  if (query.ids) where.push(`b.id = ANY(${p.add(query.ids)}::uuid[])`);
  let holdingScope = '';
  if (query.epustakaId) {
    const e = p.add(query.epustakaId);
    where.push(`EXISTS (SELECT 1 FROM epustaka_books eb WHERE eb.book_id = b.id AND eb.epustaka_id = ${e})`);
    holdingScope = `AND eb.epustaka_id = ${e}`;
  }
  const from = 'FROM books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id';
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${whereSql}`, [...p.values]);
  const viewer = p.add(query.viewerId);
  const now = p.add(query.now.toISOString());
  const { rows } = await db.query<BookListRow>(
    `SELECT b.id, b.catalog_title, a.author_name, b.cover_url, b.using_drm, b.category_id, c.category_name,
            b.publish_date, b.created_at, coalesce(h.all_qty, 0)::int AS all_qty,
            coalesce(h.available_qty, 0)::int AS available_qty, best.epustaka_id, ${AVG_RATING} AS avg_rating
       ${from}
       LEFT JOIN LATERAL (
         SELECT sum(eb.all_qty) AS all_qty, sum(eb.available_qty) AS available_qty
           FROM epustaka_books eb WHERE eb.book_id = b.id ${holdingScope}) h ON true
       LEFT JOIN LATERAL (
         SELECT eb.epustaka_id FROM epustaka_books eb
           LEFT JOIN epustaka_members m ON m.epustaka_id = eb.epustaka_id AND m.user_id = ${viewer}
          WHERE eb.book_id = b.id ${holdingScope}
          ORDER BY (m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${now})
                    AND (NOT b.using_drm OR eb.available_qty > 0)) IS TRUE DESC,
                   (m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > ${now})) IS TRUE DESC,
                   eb.created_at, eb.epustaka_id
          LIMIT 1) best ON true
      ${whereSql}
      ORDER BY ${ORDER_BY[query.sort]}
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows: rows.map(toBookListItem), total: count.rows[0]!.n };
}

/** The few facts most calls need about a book. */
export interface BookBriefRow {
  id: string;
  catalog_title: string;
  using_drm: boolean;
  category_id: string | null;
}

export async function findBookBrief(db: Queryable, id: string): Promise<BookBriefRow | undefined> {
  const { rows } = await db.query<BookBriefRow>('SELECT id, catalog_title, using_drm, category_id FROM books WHERE id = $1', [id]);
  return rows[0];
}

/** A book with the facts every reader sees. */
export interface BookDetailRow {
  id: string;
  catalog_title: string;
  author_name: string | null;
  description: string | null;
  cover_url: string | null;
  file_ext: string | null;
  file_size: number | string | null;
  using_drm: boolean;
  publish_date: string | Date | null;
  isbn: string | null;
  publisher: string | null;
  language: string;
  pages: number | null;
  category_id: string | null;
  category_name: string | null;
  avg_rating: number | null;
  rating_count: number;
  all_user_borrow_count: number;
  is_public: boolean;
}

/** The columns of a BookDetailRow and the joins they need, for the book `b` (also used by book-view.repository.ts). */
export const BOOK_DETAIL_SELECT = `SELECT b.id, b.catalog_title, a.author_name, b.description, b.cover_url, b.file_ext, b.file_size, b.using_drm,
            b.publish_date, b.isbn, b.publisher, b.language, b.pages, b.category_id, c.category_name,
            ${AVG_RATING} AS avg_rating,
            b.rating_count,
            (SELECT count(DISTINCT x.user_id)::int FROM borrows x WHERE x.book_id = b.id) AS all_user_borrow_count,
            ${PUBLIC_HOLDING} AS is_public`;
export const BOOK_DETAIL_FROM = 'FROM books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id';

export async function findBookDetail(db: Queryable, id: string): Promise<BookDetailRow | undefined> {
  const { rows } = await db.query<BookDetailRow>(`${BOOK_DETAIL_SELECT} ${BOOK_DETAIL_FROM} WHERE b.id = $1`, [id]);
  return rows[0];
}

/** A related book as the query gives it. */
export interface RelatedBookRow {
  id: string;
  catalog_title: string;
  author_name: string | null;
  cover_url: string | null;
  using_drm: boolean;
  avg_rating: number | null;
}

/** Up to `limit` other books of category `category` than `book`, newest first (SQL over the placeholders given). */
export function relatedBooksSql(category: string, book: string, limit: string): string {
  return `SELECT b.id, b.catalog_title, a.author_name, b.cover_url, b.using_drm, ${AVG_RATING} AS avg_rating, b.created_at
       FROM books b LEFT JOIN authors a ON a.id = b.author_id
      WHERE b.category_id = ${category} AND b.id <> ${book}
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT ${limit}`;
}

export function toRelatedBook(r: RelatedBookRow): RelatedBook {
  return {
    id: r.id,
    book_title: r.catalog_title,
    book_author: r.author_name,
    cover_url: r.cover_url,
    using_drm: r.using_drm,
    avg_rating: numberOrNull(r.avg_rating),
  };
}

export async function listCategories(db: Queryable, query: { q?: string; limit: number; offset: number }): Promise<{ rows: Category[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = 'WHERE $1::text IS NULL OR category_name ILIKE $1 OR category_name_en ILIKE $1';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM categories ${where}`, [pattern]);
  const { rows } = await db.query<Category>(
    `SELECT id, category_name, category_name_en FROM categories ${where}
      ORDER BY lower(category_name), id LIMIT $2 OFFSET $3`,
    [pattern, query.limit, query.offset],
  );
  return { rows, total: count.rows[0]!.n };
}

export async function listAuthors(db: Queryable, query: { q?: string; limit: number; offset: number }): Promise<{ rows: Author[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = 'WHERE $1::text IS NULL OR author_name ILIKE $1';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM authors ${where}`, [pattern]);
  const { rows } = await db.query<Author>(
    `SELECT id, author_name FROM authors ${where} ORDER BY lower(author_name), id LIMIT $2 OFFSET $3`,
    [pattern, query.limit, query.offset],
  );
  return { rows, total: count.rows[0]!.n };
}

/** Books held by a public ePustaka, oldest first, for the sitemap. */
export async function listPublicBooks(db: Queryable, query: { limit: number; offset: number }): Promise<{ rows: SitemapEntry[]; total: number }> {
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM books b WHERE ${PUBLIC_HOLDING}`);
  const { rows } = await db.query<{ id: string; updated_at: Date | string }>(
    `SELECT b.id, b.updated_at FROM books b WHERE ${PUBLIC_HOLDING} ORDER BY b.created_at, b.id LIMIT $1 OFFSET $2`,
    [query.limit, query.offset],
  );
  return { rows: rows.map((r) => ({ id: r.id, updated_at: iso(r.updated_at) })), total: count.rows[0]!.n };
}
