/** Query parameters of a call; `undefined` and `null` values are left out. */
export type QueryParams = Record<string, unknown>;

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  // The API reads structured parameters such as `filter` as JSON (spec 01 §7.2).
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The encoded query string of `params` (no leading `?`): objects and arrays as JSON, dates as
 * ISO strings, other values as text; `undefined` and `null` are dropped.
 */
export function serializeQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(name, queryValue(value));
  }
  return search.toString();
}

/** `url` with `params` appended, after any query string it already has. */
export function withQuery(url: string, params?: QueryParams): string {
  const query = serializeQuery(params);
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
