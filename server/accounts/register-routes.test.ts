import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { accountSettings, overrideAccountSettings } from './settings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { publicUrl: 'https://app.test', log: () => {} });
});
afterAll(() => ctx.close());

const DISTRICT = '32.73.01'; // Sukasari, Kota Bandung
let count = 0;

function registration(overrides: Record<string, unknown> = {}, extras: Record<string, unknown> = {}) {
  count += 1;
  return {
    provider: 'local',
    data: {
      email: `Daftar${count}@Test.ID`,
      password: 'kata-sandi-baru',
      extras: { name: 'Sari Wulandari', address: 'Jl. Dago 1', phone: `0812-${String(100000 + count)}`, district_id: DISTRICT, ...extras },
      ...overrides,
    },
  };
}

async function outboxFor(email: string) {
  // As the web server forwards a visitor on this machine who has the secret made at start.
  const headers = { 'x-forwarded-for': '127.0.0.1', 'x-outbox-key': accountSettings(ctx.deps).outboxKey };
  const res = await ctx.request('GET', `/webhook/dev-outbox?to=${encodeURIComponent(email)}`, { headers });
  expect(res.status).toBe(200);
  return res.body.data as { subject: string; kind: string; links: string[]; text: string }[];
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

const login = (email: string, password: string) => ctx.request('POST', '/auth/login', { body: { email, password } });

describe('auth/register', () => {
  test('register → verification mail in the outbox → verify → login as verified', async () => {
    const body = registration();
    const res = await ctx.request('POST', '/auth/register', { body });
    expect(res.status).toBe(201);
    const email = body.data.email.toLowerCase();
    expect(res.body.data.email).toBe(email);
    expect(res.body.data.message).toMatch(/verifikasi/i);

    const before = await login(email, 'kata-sandi-baru');
    expect(before.status).toBe(200);
    expect(before.body.data.verified).toBe(false);
    expect(before.body.data.role).toBe(303);

    const [mail] = await outboxFor(email);
    expect(mail!.kind).toBe('verify_email');
    expect(mail!.subject).toContain('Verifikasi');
    expect(mail!.links[0]).toMatch(/^https:\/\/app\.test\/email-verified\?token=[\w-]{40,}$/);
    expect(mail!.text).toContain(mail!.links[0]);

    const verified = await ctx.request('POST', '/auth/verify-email', { body: { token: tokenOf(mail!.links[0]!) } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.email).toBe(email);

    const after = await login(email, 'kata-sandi-baru');
    expect(after.body.data.verified).toBe(true);
    expect(after.body.data.organization_id).toBe(ctx.config.organizationId);
    const profile = await ctx.request('GET', '/auth/profile', { token: after.body.data.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ name: 'Sari Wulandari', district_id: DISTRICT, district_name: 'Sukasari', regency_name: 'Kota Bandung', province_name: 'Jawa Barat' });

    // A verification link works once.
    const again = await ctx.request('POST', '/auth/verify-email', { body: { token: tokenOf(mail!.links[0]!) } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('verification_token_used');
  });

  test('the mail is written in English when the request prefers it', async () => {
    const body = registration();
    const res = await ctx.request('POST', '/auth/register', { body, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toMatch(/verification link/);
    const [mail] = await outboxFor(body.data.email);
    expect(mail!.subject).toMatch(/^Verify your e-mail/);
  });

  test('an e-mail already used is email_taken on the email field, whatever its case', async () => {
    const existing = await ctx.createUser({ email: 'sudah.ada@test.id' });
    const res = await ctx.request('POST', '/auth/register', { body: registration({ email: 'SUDAH.ADA@test.id' }) });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'email_taken', field: 'email' });
    expect(existing.id).toBeTruthy();
  });

  test('a phone number already used (in any spelling) is phone_taken on the phone field', async () => {
    const first = registration({}, { phone: '+62-811-2233' });
    expect((await ctx.request('POST', '/auth/register', { body: first })).status).toBe(201);
    const res = await ctx.request('POST', '/auth/register', { body: registration({}, { phone: '62811-2233' }) });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'phone_taken', field: 'phone' });
  });

  test.each([
    [{}, { name: '  ' }, 'name_required'],
    [{}, { name: '#Sari' }, 'name_symbol_start'],
    [{}, { name: ' Al ' }, 'name_too_short'],
    [{}, { phone: '0812 abc' }, 'phone_digits'],
    [{}, { phone: '0812-3456-789012' }, 'phone_too_long'],
    [{}, { district_id: '' }, 'district_required'],
    [{}, { district_id: '99.99.99' }, 'invalid_district'],
    [{ password: 'pendek' }, {}, 'password_too_short'],
    [{ email: 'bukan-email' }, {}, 'invalid_email'],
    [{}, { organization_id: '11111111-2222-4333-8444-555555555555' }, 'invalid_organization'],
  ])('%o %o is refused with %s', async (data, extras, code) => {
    const res = await ctx.request('POST', '/auth/register', { body: registration(data, extras) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(code);
  });

  test('only provider local is accepted', async () => {
    const res = await ctx.request('POST', '/auth/register', { body: { ...registration(), provider: 'google' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_provider');
  });

  test('the e-mail check tells whether an address is free', async () => {
    await ctx.createUser({ email: 'cek@test.id' });
    expect((await ctx.request('GET', '/auth/email-check?email=CEK@test.id')).body.data.available).toBe(false);
    expect((await ctx.request('GET', '/auth/email-check?email=bebas@test.id')).body.data.available).toBe(true);
  });
});

describe('verification links', () => {
  test('expire after 24 hours', async () => {
    const body = registration();
    await ctx.request('POST', '/auth/register', { body });
    const [mail] = await outboxFor(body.data.email);
    ctx.setNow(new Date(Date.now() + 25 * 3600_000));
    try {
      const res = await ctx.request('POST', '/auth/verify-email', { body: { token: tokenOf(mail!.links[0]!) } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('verification_token_expired');
    } finally {
      ctx.setNow(null);
    }
  });

  test('an unknown token is invalid_verification_token', async () => {
    const res = await ctx.request('POST', '/auth/verify-email', { body: { token: 'x'.repeat(43) } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_verification_token');
  });

  test('resending sends a new link to an unverified account and answers alike for anyone else', async () => {
    const body = registration();
    await ctx.request('POST', '/auth/register', { body });
    const verifiedUser = await ctx.createUser();
    const a = await ctx.request('POST', '/auth/resend-verification', { body: { email: body.data.email } });
    const b = await ctx.request('POST', '/auth/resend-verification', { body: { email: 'tidak.ada@test.id' } });
    const c = await ctx.request('POST', '/auth/resend-verification', { body: { email: verifiedUser.email } });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    const mails = await outboxFor(body.data.email);
    expect(mails).toHaveLength(2);
    expect(await outboxFor(verifiedUser.email)).toHaveLength(0);
    // The newest link works, and then the older one is spent too.
    expect((await ctx.request('POST', '/auth/verify-email', { body: { token: tokenOf(mails[0]!.links[0]!) } })).status).toBe(200);
    const older = await ctx.request('POST', '/auth/verify-email', { body: { token: tokenOf(mails[1]!.links[0]!) } });
    expect(older.body.errors[0].code).toBe('verification_token_used');
  });
});

describe('forgotten password', () => {
  test('reset ticket → reset → old password fails, new works, old sessions are rejected', async () => {
    const user = await ctx.createUser({ email: 'lupa@test.id' });
    const old = (await login(user.email, user.password)).body.data;

    const ticket = await ctx.request('POST', '/auth/reset-password-ticket', { body: { email: 'LUPA@test.id' } });
    expect(ticket.status).toBe(200);
    const unknown = await ctx.request('POST', '/auth/reset-password-ticket', { body: { email: 'siapa@test.id' } });
    expect(unknown.body).toEqual(ticket.body);
    expect(ticket.body.data.message).toBeTruthy();

    const [mail] = await outboxFor(user.email);
    expect(mail!.kind).toBe('reset_password');
    expect(mail!.links[0]).toMatch(/^https:\/\/app\.test\/auth\/reset-password\?token=/);
    const token = tokenOf(mail!.links[0]!);

    const short = await ctx.request('POST', '/auth/reset-password', { body: { token, password: 'pendek' } });
    expect(short.body.errors[0].code).toBe('password_too_short');

    const reset = await ctx.request('POST', '/auth/reset-password', { body: { token, password: 'sandi-baru-sekali' } });
    expect(reset.status).toBe(200);

    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'sandi-baru-sekali')).status).toBe(200);
    const account = await ctx.request('GET', '/auth/account', { token: old.access_token });
    expect(account.status).toBe(401);
    expect(account.body.errors[0].code).toBe('session_revoked');
    expect((await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: old.refresh_token } })).status).toBe(401);

    const reuse = await ctx.request('POST', '/auth/reset-password', { body: { token, password: 'sandi-lain-lagi' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errors[0].code).toBe('reset_token_used');
  });

  test('reset links expire after an hour', async () => {
    const user = await ctx.createUser();
    await ctx.request('POST', '/auth/reset-password-ticket', { body: { email: user.email } });
    const [mail] = await outboxFor(user.email);
    ctx.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await ctx.request('POST', '/auth/reset-password', { body: { token: tokenOf(mail!.links[0]!), password: 'sandi-baru-sekali' } });
      expect(res.body.errors[0].code).toBe('reset_token_expired');
    } finally {
      ctx.setNow(null);
    }
  });

  test('only the SHA-256 of a link token is stored', async () => {
    const user = await ctx.createUser();
    await ctx.request('POST', '/auth/reset-password-ticket', { body: { email: user.email } });
    const [mail] = await outboxFor(user.email);
    const { rows } = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM account_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(tokenOf(mail!.links[0]!));
  });

  test('at most five reset mails an hour go to one account; the answer stays the same', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 7; i++) {
      expect((await ctx.request('POST', '/auth/reset-password-ticket', { body: { email: user.email } })).status).toBe(200);
    }
    expect(await outboxFor(user.email)).toHaveLength(5);
  });
});

describe('webhook/district-list', () => {
  test('lists real districts without a token, 25 a page, with names of regency and province', async () => {
    const res = await ctx.request('GET', '/webhook/district-list');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.meta.total).toBeGreaterThan(7000);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name', 'province_name', 'regency_name']);
    const next = await ctx.request('GET', '/webhook/district-list?offset=25');
    expect(next.body.data[0].id).not.toBe(res.body.data[0].id);
  });

  test('searches by q or by a d.name ilike filter', async () => {
    const byQ = await ctx.request('GET', '/webhook/district-list?q=coblong');
    expect(byQ.body.data).toEqual([{ id: '32.73.02', name: 'Coblong', regency_name: 'Kota Bandung', province_name: 'Jawa Barat' }]);
    const byFilter = await ctx.request('GET', `/webhook/district-list?filter=${encodeURIComponent(JSON.stringify({ 'd.name': { ilike: 'Coblong' } }))}`);
    expect(byFilter.body.data.map((d: { id: string }) => d.id)).toEqual(['32.73.02']);
    const none = await ctx.request('GET', '/webhook/district-list?q=%25');
    expect(none.body.meta.total).toBe(0);
  });

  test('refuses filters outside its allowlist', async () => {
    const res = await ctx.request('GET', `/webhook/district-list?filter=${encodeURIComponent('{"password_hash":"x"}')}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_filter');
  });
});

describe('phone numbers', () => {
  test('the spec’s own format is taken: 13 digits at most however grouped, stored in one form', async () => {
    const body = registration({}, { phone: '0899-3456-7890' });
    const res = await ctx.request('POST', '/auth/register', { body });
    expect(res.status).toBe(201);
    const { rows } = await ctx.db.query<{ phone: string }>('SELECT phone FROM users WHERE lower(email) = lower($1)', [body.data.email]);
    expect(rows[0]!.phone).toBe('089934567890');
    const spaced = await ctx.request('POST', '/auth/register', { body: registration({}, { phone: '0899 3456 7890' }) });
    expect(spaced.status).toBe(409);
    expect(spaced.body.errors[0].code).toBe('phone_taken');
    const grouped = await ctx.request('POST', '/auth/register', { body: registration({}, { phone: '+62 899-3456-7891' }) });
    expect(grouped.status).toBe(201);
  });
});
