import type { AstroGlobal } from 'astro';
import type { FirstAdminLink } from './first-admin-schema.ts';
import { validateEmail, validateName, validateNewPassword, validatePasswordConfirm } from '../account/rules.ts';
import { accountErrorText } from '../i18n/account-errors.ts';
import { callApi, readForm } from '../account/forms.server.ts';

/*
 * The page where the one-time link printed at the first start (without demo data) creates the
 * organisation's first administrator: a plain form posting to itself, no script needed. Without a
 * working link it shows no form at all.
 */

type Field = 'name' | 'email' | 'password' | 'confirm';

export type FirstAdminState =
  | { kind: 'refused'; message: string }
  | { kind: 'form'; token: string; organization: string; values: { name: string; email: string }; errors: Partial<Record<Field, string>>; formError: string | null; passwordCleared: boolean }
  | { kind: 'done'; email: string };

const FIELD_OF_CODE: Record<string, Field> = { email_taken: 'email', invalid_email: 'email', password_required: 'password', password_too_short: 'password', password_too_long: 'password' };

/** Checks the link, or handles the submitted form; a link that does not work is answered 404 (409 once an administrator exists). */
export async function handleFirstAdminForm(Astro: AstroGlobal): Promise<FirstAdminState> {
  const { t } = Astro.locals;
  const form = await readForm(Astro);
  const token = form ? String(form.get('token') ?? '') : (Astro.url.searchParams.get('token') ?? '');
  const refused = (code: string | undefined): FirstAdminState => {
    const exists = code === 'administrator_exists';
    Astro.response.status = exists ? 409 : 404;
    return { kind: 'refused', message: t(exists ? 'account.firstAdmin.exists' : 'account.firstAdmin.invalid') };
  };
  if (!token) return refused('invalid_token');
  const link = await callApi<FirstAdminLink>(Astro, 'GET', `/auth/first-admin?token=${encodeURIComponent(token)}`);
  // A malformed token is a 400 from the API; to the visitor it is a link that does not work.
  if (!link.data) return refused(link.error?.code);
  const organization = link.data.organization_name;
  if (!form) return { kind: 'form', token, organization, values: { name: '', email: '' }, errors: {}, formError: null, passwordCleared: false };

  const values = { name: String(form.get('name') ?? '').trim(), email: String(form.get('email') ?? '').trim() };
  const password = String(form.get('password') ?? '');
  const confirm = String(form.get('confirm') ?? '');
  const codes: Partial<Record<Field, string | null>> = {
    name: validateName(values.name),
    email: validateEmail(values.email),
    password: validateNewPassword(password),
    confirm: validatePasswordConfirm(password, confirm),
  };
  const errors: Partial<Record<Field, string>> = {};
  for (const [field, code] of Object.entries(codes) as [Field, string | null][]) if (code) errors[field] = accountErrorText(t, { code });
  const passwordCleared = password !== '' || confirm !== '';
  if (Object.keys(errors).length) {
    Astro.response.status = 400;
    return { kind: 'form', token, organization, values, errors, formError: null, passwordCleared };
  }
  const res = await callApi<{ email: string }>(Astro, 'POST', '/auth/first-admin', { token, name: values.name, email: values.email, password });
  if (res.data) return { kind: 'done', email: res.data.email };
  if (res.error?.code === 'invalid_token' || res.error?.code === 'administrator_exists') return refused(res.error.code);
  Astro.response.status = res.status;
  const field = res.error?.code ? (FIELD_OF_CODE[res.error.code] ?? (res.error.code.startsWith('name_') ? 'name' : undefined)) : undefined;
  const text = accountErrorText(t, res.error);
  return { kind: 'form', token, organization, values, errors: field ? { [field]: text } : {}, formError: field ? null : text, passwordCleared };
}
