/*
 * Texts the account API writes in its own answers (`data.message`, shown as is by the pages, spec
 * 01 §7.1) and in its mails, in the caller's language: Indonesian unless Accept-Language prefers
 * English.
 */

export type MailLang = 'id' | 'en';

/** The caller's language from an Accept-Language header. */
export function langOf(acceptLanguage: string | undefined | null): MailLang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'id';
}

const MESSAGES = {
  registered: {
    id: 'Pendaftaran berhasil. Kami telah mengirim tautan verifikasi ke email Anda.',
    en: 'Registration complete. We have sent a verification link to your e-mail.',
  },
  verificationSent: {
    id: 'Jika akun dengan email tersebut belum diverifikasi, tautan verifikasi baru telah dikirim.',
    en: 'If an unverified account uses that e-mail, a new verification link has been sent.',
  },
  resetTicketSent: {
    id: 'Jika email tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda.',
    en: 'If that e-mail is registered, we have sent a link to reset the password. Check your inbox.',
  },
  emailVerified: { id: 'Email Anda berhasil diverifikasi.', en: 'Your e-mail has been verified.' },
  passwordReset: {
    id: 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.',
    en: 'Your password has been changed. Sign in with the new password.',
  },
  passwordChanged: {
    id: 'Kata sandi berhasil diubah. Silakan masuk kembali.',
    en: 'Your password has been changed. Please sign in again.',
  },
  profileSaved: { id: 'Profil berhasil disimpan.', en: 'Your profile has been saved.' },
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, lang: MailLang): string {
  return MESSAGES[key][lang];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface MailText {
  subject: string;
  text: string;
  html: string;
}

function compose(lines: { greeting: string; body: string; action: string; after: string; ignore: string; sign: string }, link: string): Omit<MailText, 'subject'> {
  const text = [lines.greeting, '', lines.body, '', link, '', lines.after, lines.ignore, '', lines.sign].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(lines.action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(lines.after)}<br>${escapeHtml(lines.ignore)}</p>
<p style="font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(lines.sign)}</p>
</body></html>`;
  return { text, html };
}

/** The verification mail (the link lasts 24 hours). */
export function verificationMail(lang: MailLang, appName: string, name: string, link: string): MailText {
  if (lang === 'en') {
    return {
      subject: `Verify your e-mail for ${appName}`,
      ...compose(
        {
          greeting: `Hello ${name},`,
          body: `Thank you for registering with ${appName}. Open the link below to verify your e-mail address.`,
          action: 'Verify e-mail',
          after: 'The link works once and expires in 24 hours.',
          ignore: 'If you did not register, ignore this message.',
          sign: `— ${appName}`,
        },
        link,
      ),
    };
  }
  return {
    subject: `Verifikasi email Anda untuk ${appName}`,
    ...compose(
      {
        greeting: `Halo ${name},`,
        body: `Terima kasih telah mendaftar di ${appName}. Buka tautan di bawah ini untuk memverifikasi alamat email Anda.`,
        action: 'Verifikasi email',
        after: 'Tautan hanya dapat dipakai sekali dan berlaku 24 jam.',
        ignore: 'Jika Anda tidak mendaftar, abaikan pesan ini.',
        sign: `— ${appName}`,
      },
      link,
    ),
  };
}

/** The password reset mail (the link lasts one hour). */
export function resetMail(lang: MailLang, appName: string, name: string, link: string): MailText {
  if (lang === 'en') {
    return {
      subject: `Reset your ${appName} password`,
      ...compose(
        {
          greeting: `Hello ${name},`,
          body: 'Someone asked to reset the password of your account. Open the link below to choose a new one.',
          action: 'Reset password',
          after: 'The link works once and expires in 1 hour.',
          ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
          sign: `— ${appName}`,
        },
        link,
      ),
    };
  }
  return {
    subject: `Atur ulang kata sandi ${appName} Anda`,
    ...compose(
      {
        greeting: `Halo ${name},`,
        body: 'Ada permintaan untuk mengatur ulang kata sandi akun Anda. Buka tautan di bawah ini untuk membuat kata sandi baru.',
        action: 'Atur ulang kata sandi',
        after: 'Tautan hanya dapat dipakai sekali dan berlaku 1 jam.',
        ignore: 'Jika Anda tidak memintanya, abaikan pesan ini: kata sandi Anda tidak berubah.',
        sign: `— ${appName}`,
      },
      link,
    ),
  };
}
