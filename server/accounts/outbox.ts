import type { Queryable } from '../db/client.ts';
import type { OutboxMessage } from '../../src/lib/account/schema.ts';

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  kind: string;
  text_body: string;
  links: string[];
  created_at: string | Date;
}

export async function insertOutboxMessage(
  db: Queryable,
  mail: { to: string; subject: string; kind: string; text: string; links: string[]; raw: string },
): Promise<void> {
  await db.query('INSERT INTO mail_outbox (recipient, subject, kind, text_body, links, raw) VALUES ($1, $2, $3, $4, $5, $6)', [
    mail.to,
    mail.subject,
    mail.kind,
    mail.text,
    mail.links,
    mail.raw,
  ]);
}

/** The newest outbox messages, optionally only those to one address. */
export async function listOutbox(db: Queryable, options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const params: unknown[] = [Math.min(options.limit ?? 50, 200)];
  let where = '';
  if (options.to) {
    params.push(options.to);
    where = 'WHERE lower(recipient) = lower($2)';
  }
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, subject, kind, text_body, links, created_at FROM mail_outbox ${where}
      ORDER BY created_at DESC, id LIMIT $1`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    kind: r.kind,
    text: r.text_body,
    links: r.links,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
