/** A coded error as the API returns it: `{ errors: [{ code, message }] }`. */
export interface ApiErrorBody {
  errors: { code: string; message: string; field?: string }[];
}

/** A list response. */
export interface ListBody<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}

/** A single-item response. */
export interface ItemBody<T> {
  data: T;
}
