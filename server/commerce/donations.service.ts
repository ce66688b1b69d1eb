import type { z } from 'zod';
import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type {
  DonationBookListResponse,
  DonationEpustakaListResponse,
  EpustakaDonationListResponse,
  HasEpustakaResponse,
  PaymentStatus,
  PaymentType,
  SelfDonationListResponse,
  donationBookListQuerySchema,
  donationEpustakaListQuerySchema,
  epustakaDonationListQuerySchema,
  selfDonationListQuerySchema,
} from '../../src/lib/commerce/schema.ts';
import { HAS_EPUSTAKA_MESSAGE } from '../../src/lib/commerce/schema.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import {
  findOwnEpustaka,
  listDonatableBooks,
  listDonatedBooks,
  listOrganizationEpustaka,
  listReceivedDonations,
  type EpustakaRow,
} from './donations.repository.ts';

/*
 * The donation side: books that may be donated, the libraries of the donor's organisation, what a
 * donor gave and what a library received. Only libraries of the caller's own organisation are
 * ever listed or accepted.
 */

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function epustakaView(row: EpustakaRow, callerId: string) {
  return {
    id: row.id,
    epustaka_name: row.epustaka_name,
    epustaka_logo: row.epustaka_logo,
    epustaka_category: row.epustaka_category,
    organization_id: row.organization_id,
    created_by: row.created_by,
    is_mine: row.created_by === callerId && row.epustaka_category === 'P',
  };
}

/**
 * Reads a list's `filter` JSON: `{ "<field>": { "ilike": text } }` or `{ "<field>": text }` for the
 * one search field, and `e.organization_id` which may only name the caller's organisation.
 * Anything else is a 400 `invalid_filter`. Answers the search text.
 */
function filterSearch(raw: string | undefined, field: string, organizationId: string): string | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('invalid_filter', 'The filter is not valid JSON.', 'filter');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('invalid_filter', 'The filter must be an object.', 'filter');
  let q: string | undefined;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'e.organization_id' && field.startsWith('e.')) {
      if (value !== organizationId) throw badRequest('invalid_filter', 'Only ePustaka of your organisation can be listed.', 'filter');
    } else if (key === field) {
      const text = typeof value === 'string' ? value : (value as { ilike?: unknown } | null)?.ilike;
      if (typeof text !== 'string' || text.length > 200) throw badRequest('invalid_filter', `The ${field} filter must be a text.`, 'filter');
      q = text.replace(/^%+|%+$/g, '').trim() || undefined;
    } else {
      throw badRequest('invalid_filter', `Unknown filter field ${key}.`, 'filter');
    }
  }
  return q;
}

/** donation-book-list. */
export async function donationBookList(deps: ApiDeps, caller: UserRow, query: z.output<typeof donationBookListQuerySchema>): Promise<DonationBookListResponse> {
  if (!deps.config.features.bookDonation) throw badRequest('donation_disabled', 'Book donation is turned off.');
  const { rows, total } = await listDonatableBooks(deps.db, caller.organization_id, { ...query, bookId: query.book_id });
  return {
    data: rows.map((r) => ({
      id: r.id, book_id: r.id, book_title: r.catalog_title, author_name: r.author_name, book_author: r.author_name,
      cover_url: r.cover_url, price: r.price ?? 0, using_drm: r.using_drm, available_qty: r.available_qty,
    })),
    meta: { total, limit: query.limit, offset: query.offset },
  };
}

/** donation-epustaka-list. */
export async function donationEpustakaList(deps: ApiDeps, caller: UserRow, query: z.output<typeof donationEpustakaListQuerySchema>): Promise<DonationEpustakaListResponse> {
  const q = query.q ?? filterSearch(query.filter, 'e.epustaka_name', caller.organization_id);
  const { rows, total } = await listOrganizationEpustaka(deps.db, caller.organization_id, caller.id, { ...query, q });
  return { data: rows.map((r) => epustakaView(r, caller.id)), meta: { total, limit: query.limit, offset: query.offset } };
}

/** has-epustaka. */
export async function hasEpustaka(deps: ApiDeps, caller: UserRow): Promise<HasEpustakaResponse> {
  const own = await findOwnEpustaka(deps.db, caller.id);
  return own
    ? { message: HAS_EPUSTAKA_MESSAGE, data: { has_epustaka: true, epustaka: epustakaView(own, caller.id) } }
    : { message: 'Epustaka tidak tersedia', data: { has_epustaka: false, epustaka: null } };
}

/** self-donation-list. */
export async function selfDonationList(deps: ApiDeps, caller: UserRow, query: z.output<typeof selfDonationListQuerySchema>): Promise<SelfDonationListResponse> {
  const q = query.q ?? filterSearch(query.filter, 'b.catalog_title', caller.organization_id);
  const { rows, total } = await listDonatedBooks(deps.db, caller.id, { ...query, q });
  return {
    data: rows.map((r) => ({
      id: r.id, cover_url: r.cover_url, book_title: r.catalog_title, author_name: r.author_name, all_qty: r.all_qty,
      available_qty: r.available_qty, queue_count: r.queue_count, donated_qty: r.donated_qty,
      epustaka: { id: r.epustaka_id, epustaka_name: r.epustaka_name },
    })),
    meta: { total, limit: query.limit, offset: query.offset },
  };
}

/** epustaka-donation-list: only the library's owner. */
export async function epustakaDonationList(deps: ApiDeps, caller: UserRow, query: z.output<typeof epustakaDonationListQuerySchema>): Promise<EpustakaDonationListResponse> {
  const { rows: libs } = await deps.db.query<{ created_by: string | null }>('SELECT created_by FROM epustaka WHERE id = $1', [query.epustaka_id]);
  if (!libs[0]) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
  if (libs[0].created_by !== caller.id) throw forbidden('not_owner', 'Only the owner of this ePustaka can see its donations.');
  const { rows, total } = await listReceivedDonations(deps.db, query.epustaka_id, query);
  return {
    data: rows.map((r) => ({
      order_box_id: r.order_box_id, transaction_id: r.transaction_id, transaction_code: r.transaction_code,
      payment_status: r.payment_status as PaymentStatus, payment_type: r.payment_type as PaymentType | null, paid_late: r.paid_late, late_decision: r.late_decision,
      donor: { id: r.donor_id, name: r.donor_name }, book: { id: r.book_id, book_title: r.catalog_title },
      number_of_copy: r.number_of_copy, total: Math.max(0, r.price * r.number_of_copy - r.discount_amount),
      created_at: iso(r.created_at)!, paid_at: iso(r.paid_at),
    })),
    meta: { total, limit: query.limit, offset: query.offset },
  };
}
