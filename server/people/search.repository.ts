import type { Queryable } from '../db/client.ts';
import type { BookListItem } from '../../src/lib/catalogue/schema.ts';
import type { PersonRow } from '../../src/lib/people/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { toUserBrief } from '../db/format.ts';
import { listBooks } from '../catalogue/books.repository.ts';
import type { MediaItem } from '../../src/lib/media/schema.ts';
import type { MediaType } from '../../src/lib/media/rules.ts';
import { listMedia, toMediaItem } from '../media/media.repository.ts';

/*
 * Search by relevance (pg_trgm, on PGlite and PostgreSQL alike). A row matches when every word of
 * the query appears in it, or when the query is close to a word of it (`<%`, word similarity at
 * least pg_trgm.word_similarity_threshold, 0.6): "andre hirata" still finds Andrea Hirata. Rows
 * are ranked by the best of similarity and word similarity, then by name.
 */

/** At most this many words of a query are used. */
const MAX_WORDS = 8;

function wordsOf(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/** Every word in one of `columns` (ILIKE, so `%` and `_` match themselves). */
function allWords(p: SqlParams, q: string, columns: string[]): string {
  const words = wordsOf(q);
  if (words.length === 0) return 'false';
  return words
    .map((word) => {
      const pattern = p.add(containsPattern(word));
      return `(${columns.map((c) => `${c} ILIKE ${pattern}`).join(' OR ')})`;
    })
    .join(' AND ');
}

/** The relevance of `columns` to the query `q` (a placeholder), 0..1. */
function score(q: string, columns: string[]): string {
  return `greatest(${columns.map((c) => `similarity(${c}, ${q}), word_similarity(${q}, ${c})`).join(', ')})`;
}

/**
 * Books by title or author name, the most alike first.
 * @returns the page as book list rows (copies summed, the viewer's best ePustaka).
 */
export async function searchBooks(
  db: Queryable,
  query: { q: string; viewerId: string; limit: number; offset: number; now: Date },
): Promise<{ rows: BookListItem[]; total: number }> {
  const p = new SqlParams();
  const q = p.add(query.q);
  const columns = ['b.catalog_title', "coalesce(a.author_name, '')"];
  const match = `(${allWords(p, query.q, columns)} OR ${q} <% b.catalog_title OR ${q} <% coalesce(a.author_name, ''))`;
  const from = 'FROM books b LEFT JOIN authors a ON a.id = b.author_id';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${match}`, [...p.values]);
  const total = count.rows[0]!.n;
  if (total === 0) return { rows: [], total };
  const { rows: ranked } = await db.query<{ id: string }>(
    `SELECT b.id ${from} WHERE ${match}
      ORDER BY ${score(q, columns)} DESC, lower(b.catalog_title), b.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  if (ranked.length === 0) return { rows: [], total };
  const ids = ranked.map((r) => r.id);
  // The same rows as the book list shows them, put back in rank order.
  const page = await listBooks(db, {
    conditions: [],
    sort: 'latest',
    limit: ids.length,
    offset: 0,
    viewerId: query.viewerId,
    now: query.now,
    ids,
  });
  const byId = new Map(page.rows.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)).filter((row): row is BookListItem => row !== undefined), total };
}

/**
 * Videos or audio by title, the most alike first: only items of the viewer's organisation that an
 * ePustaka holds, the ones the access rule lets them see in the catalogue (media is never shown
 * across organisations); each row says whether they may play it.
 */
export async function searchMedia(
  db: Queryable,
  query: { q: string; type: MediaType; viewerId: string; organizationId: string; limit: number; offset: number; now: Date },
): Promise<{ rows: MediaItem[]; total: number }> {
  const p = new SqlParams();
  const q = p.add(query.q);
  const columns = ['mi.media_title'];
  const where = `mi.organization_id = ${p.add(query.organizationId)} AND mi.media_type = ${p.add(query.type)}
    AND EXISTS (SELECT 1 FROM epustaka_media em WHERE em.media_id = mi.id)
    AND (${allWords(p, query.q, columns)} OR ${q} <% mi.media_title)`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM media_items mi WHERE ${where}`, [...p.values]);
  const total = count.rows[0]!.n;
  if (total === 0) return { rows: [], total };
  const { rows: ranked } = await db.query<{ id: string }>(
    `SELECT mi.id FROM media_items mi WHERE ${where}
      ORDER BY ${score(q, columns)} DESC, lower(mi.media_title), mi.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  if (ranked.length === 0) return { rows: [], total };
  const ids = ranked.map((r) => r.id);
  const page = await listMedia(db, {
    organizationId: query.organizationId,
    userId: query.viewerId,
    type: query.type,
    sort: '-created_at',
    ids,
    limit: ids.length,
    offset: 0,
    now: query.now,
  });
  const byId = new Map(page.rows.map((row) => [row.id, toMediaItem(row)]));
  return { rows: ids.map((id) => byId.get(id)).filter((row): row is MediaItem => row !== undefined), total };
}

const ACTIVE_MEMBER = 'u.deactivated_at IS NULL AND u.verified_at IS NOT NULL';

interface PersonDbRow {
  id: string;
  name: string;
  avatar_url: string | null;
  bio: string | null;
  follow_id: string | null;
}

function toPerson(r: PersonDbRow): PersonRow {
  return { ...toUserBrief(r), bio: r.bio };
}

/** Members of an organisation by name, the most alike first, with the viewer's follow of each. */
export async function searchUsers(
  db: Queryable,
  query: { q: string; viewerId: string; organizationId: string; limit: number; offset: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const p = new SqlParams();
  const q = p.add(query.q);
  const where = `u.organization_id = ${p.add(query.organizationId)} AND ${ACTIVE_MEMBER}
    AND (${allWords(p, query.q, ['u.name'])} OR ${q} <% u.name)`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, [...p.values]);
  const { rows } = await db.query<PersonDbRow>(
    `SELECT u.id, u.name, u.avatar_url, u.bio, f.id AS follow_id
       FROM users u LEFT JOIN follows f ON f.follower_id = ${p.add(query.viewerId)} AND f.followed_id = u.id
      WHERE ${where}
      ORDER BY ${score(q, ['u.name'])} DESC, lower(u.name), u.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows: rows.map(toPerson), total: count.rows[0]!.n };
}

/**
 * People of the viewer's organisation they do not follow yet (never themselves): by default
 * those followed by the people they follow first, then the most followed; or by name.
 */
export async function listSuggestedFriends(
  db: Queryable,
  query: { viewerId: string; organizationId: string; name?: string; byName: boolean; limit: number; offset: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const p = new SqlParams();
  const viewer = p.add(query.viewerId);
  const where = [
    `u.organization_id = ${p.add(query.organizationId)}`,
    ACTIVE_MEMBER,
    `u.id <> ${viewer}`,
    `NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer} AND f.followed_id = u.id)`,
  ];
  if (query.name) where.push(`u.name ILIKE ${p.add(containsPattern(query.name))}`);
  const whereSql = where.join(' AND ');
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${whereSql}`, [...p.values]);
  const order = query.byName
    ? 'lower(u.name), u.id'
    : `(SELECT count(*) FROM follows mine JOIN follows theirs ON theirs.follower_id = mine.followed_id
         WHERE mine.follower_id = ${viewer} AND theirs.followed_id = u.id) DESC,
       (SELECT count(*) FROM follows x WHERE x.followed_id = u.id) DESC, lower(u.name), u.id`;
  const { rows } = await db.query<PersonDbRow>(
    `SELECT u.id, u.name, u.avatar_url, u.bio, NULL::uuid AS follow_id
       FROM users u WHERE ${whereSql}
      ORDER BY ${order}
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows: rows.map(toPerson), total: count.rows[0]!.n };
}
