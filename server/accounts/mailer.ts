import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/client.ts';
import type { AccountSettings } from './settings.ts';
import { insertOutboxMessage } from './outbox.ts';

/** One message the product sends: a plain-text body with its links, and an HTML twin. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is for (`verify_email`, `reset_password`), kept with outbox copies. */
  kind: string;
  /** The links it carries, listed by the outbox. */
  links: string[];
}

// Builds the RFC 5322 message without sending it; the outbox keeps the exact bytes a server would get.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
const smtpTransports = new Map<string, Transporter>();

function smtp(url: string): Transporter {
  let transport = smtpTransports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    smtpTransports.set(url, transport);
  }
  return transport;
}

/**
 * Sends a message over SMTP when `SMTP_URL` is set, else keeps it in the outbox table; either way
 * a line goes to the server log. A failing SMTP server is logged, not thrown: the caller's action
 * (a registration, a reset request) has happened, and the user can ask for the mail again.
 */
export async function sendMail(db: Queryable, settings: AccountSettings, mail: Mail): Promise<void> {
  const envelope = { from: settings.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  const where = settings.smtpUrl ? 'smtp' : 'outbox';
  settings.log(`[mail] ${where}: ${mail.kind} to ${mail.to}: ${mail.subject}${mail.links.length ? ` — ${mail.links.join(' ')}` : ''}`);
  if (settings.smtpUrl) {
    try {
      await smtp(settings.smtpUrl).sendMail(envelope);
    } catch (error) {
      console.error(`[mail] sending ${mail.kind} to ${mail.to} failed`, error);
    }
    return;
  }
  const built = await composer.sendMail(envelope);
  await insertOutboxMessage(db, { ...mail, raw: (built.message as Buffer).toString('utf8') });
}
