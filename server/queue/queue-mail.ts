import type { ApiDeps } from '../deps.ts';
import { sendMail } from '../accounts/mailer.ts';
import { accountSettings } from '../accounts/settings.ts';
import { formatOfferDeadline } from '../../src/lib/lending/rules.ts';
import { notifyQueueOffer } from '../notifications/queue-events.ts';

interface NewOffer {
  id: string;
  user_id: string;
  book_id: string;
  epustaka_id: string;
  offer_expires_at: Date | string;
  email: string;
  name: string;
  catalog_title: string;
  epustaka_name: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');


/** The mail telling a member that a copy is held for them until `deadline`. */
export function offerMail(offer: { name: string; title: string; epustaka: string; deadline: Date; link: string; appName: string }) {
  // Worded as the book page words it.
  const deadline = formatOfferDeadline(offer.deadline.toISOString(), 'id');
  const subject = `Giliran Anda: “${offer.title}” siap dipinjam`;
  const lines = [
    `Halo ${offer.name},`,
    `Satu salinan “${offer.title}” di ${offer.epustaka} kini disimpan untuk Anda karena Anda berada di urutan pertama antrean.`,
    `Pinjam sebelum ${deadline}. Setelah itu salinan diberikan kepada anggota berikutnya dalam antrean.`,
  ];
  const text = [lines[0], '', lines[1], lines[2], '', offer.link, '', `— ${offer.appName}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)}</p>
<p><strong>${escapeHtml(lines[2]!)}</strong></p>
<p><a href="${escapeHtml(offer.link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Pinjam sekarang</a></p>
<p style="font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(offer.link)}</p>
<p>${escapeHtml(`— ${offer.appName}`)}</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * Mails every member whose turn came (a copy is held for them) and who has not been told yet.
 * Each offer is claimed by one UPDATE before its mail goes out, so two requests never mail it
 * twice. A failure is logged: the offer stands and shows on the member's book page either way.
 */
export async function mailNewOffers(deps: ApiDeps): Promise<void> {
  try {
    const { rows } = await deps.db.query<NewOffer>(
      `UPDATE book_queues q SET offer_mailed_at = $1
         FROM users u, books b, epustaka e
        WHERE q.offer_mailed_at IS NULL AND q.offered_at IS NOT NULL AND q.ended_at IS NULL
          AND u.id = q.user_id AND b.id = q.book_id AND e.id = q.epustaka_id
       RETURNING q.id, q.user_id, q.book_id, q.epustaka_id, q.offer_expires_at, u.email, u.name, b.catalog_title, e.epustaka_name`,
      [deps.now().toISOString()],
    );
    if (rows.length === 0) return;
    const settings = accountSettings(deps);
    for (const row of rows) {
      await notifyQueueOffer(deps.db, row);
      const link = `${settings.publicUrl}/book/${row.book_id}/${row.epustaka_id}`;
      const mail = offerMail({
        name: row.name,
        title: row.catalog_title,
        epustaka: row.epustaka_name,
        deadline: new Date(row.offer_expires_at),
        link,
        appName: deps.config.appName,
      });
      await sendMail(deps.db, settings, { to: row.email, ...mail, kind: 'queue_offer', links: [link] });
    }
  } catch (error) {
    console.error('[mail] queue offer mails could not be sent', error);
  }
}
