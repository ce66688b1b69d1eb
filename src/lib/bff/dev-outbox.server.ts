import type { OutboxMessage } from '../api/schemas/account.ts';
import { getApiFetch, INTERNAL_ORIGIN } from './api-fetch.server.ts';

/**
 * The development outbox's newest messages (GET webhook/dev-outbox), optionally to one address.
 * `forwardedFor` names the visitor as the proxy does; the API answers only a visitor on this machine.
 */
export async function listDevOutbox(to: string, forwardedFor: string | null): Promise<OutboxMessage[]> {
  const apiFetch = await getApiFetch();
  const url = new URL('/webhook/dev-outbox', INTERNAL_ORIGIN);
  url.searchParams.set('limit', '50');
  if (to) url.searchParams.set('to', to);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const res = await apiFetch(new Request(url, { headers }));
  if (!res.ok) return [];
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}
