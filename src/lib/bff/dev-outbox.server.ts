import type { OutboxMessage } from '../account/schema.ts';
import { getApiFetch, INTERNAL_ORIGIN } from './api-fetch.server.ts';
import { OUTBOX_KEY_HEADER } from '../../../server/web-entry.ts';

/**
 * The development outbox's newest messages (GET webhook/dev-outbox), optionally to one address;
 * null when the API refuses (a wrong secret, or not a visitor on this machine).
 * `forwardedFor` names the visitor as the proxy does; `key` is the secret printed at start.
 */
export async function listDevOutbox(to: string, forwardedFor: string | null, key: string): Promise<OutboxMessage[] | null> {
  const apiFetch = await getApiFetch();
  const url = new URL('/webhook/dev-outbox', INTERNAL_ORIGIN);
  url.searchParams.set('limit', '50');
  if (to) url.searchParams.set('to', to);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  if (key) headers[OUTBOX_KEY_HEADER] = key;
  const res = await apiFetch(new Request(url, { headers }));
  if (!res.ok) return null;
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}
