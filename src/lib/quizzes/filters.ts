import { tryoutListQuerySchema, type TryoutListFilter } from './schema.ts';
import { TRYOUT_LIST_HREF } from './links.ts';
import { TRYOUT_PAGE_SIZE } from './values.ts';

/*
 * The tryout list's address: `/tryout?subject_group=…&level=…&price=…&shown=…`. The filters are
 * kept in the address, so a reload, a shared link and "show more" keep them; each is checked
 * against the same list of known values as the API's `tryout-list`. No filter (the default, every
 * subject group, level and price) leaves its parameter out.
 */

const FILTER_KEYS = ['subject_group', 'level', 'price'] as const;
const filterSchema = tryoutListQuerySchema.pick({ subject_group: true, level: true, price: true });

/** The most tryouts the list page shows ("show more" stops there; the filters narrow it). */
export const TRYOUT_SHOWN_MAX = 200;

/** What a tryout list address asks for; an unknown filter value is refused with the API's error code. */
export type TryoutListAddress = { ok: true; filter: TryoutListFilter; shown: number } | { ok: false; code: string; shown: number };

/**
 * Reads a tryout list address. `shown` is how many tryouts to show: a multiple of the page size
 * between one page and TRYOUT_SHOWN_MAX (anything else is one page). An empty parameter means no
 * filter; an unknown value answers the code of its refusal (`invalid_subject_group`, …).
 */
export function readTryoutAddress(params: URLSearchParams): TryoutListAddress {
  const asked = Number(params.get('shown') ?? TRYOUT_PAGE_SIZE);
  const shown = Number.isInteger(asked) && asked >= TRYOUT_PAGE_SIZE ? Math.min(TRYOUT_SHOWN_MAX, asked - (asked % TRYOUT_PAGE_SIZE)) : TRYOUT_PAGE_SIZE;
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = filterSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: parsed.error.issues[0]?.message ?? 'invalid_input', shown };
  return { ok: true, filter: parsed.data, shown };
}

/** The address of the tryout list with `filter`, showing `shown` tryouts (one page when left out). */
export function tryoutListHref(filter: TryoutListFilter, shown = TRYOUT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  if (shown > TRYOUT_PAGE_SIZE) params.set('shown', String(shown));
  const query = params.toString();
  return query ? `${TRYOUT_LIST_HREF}?${query}` : TRYOUT_LIST_HREF;
}
