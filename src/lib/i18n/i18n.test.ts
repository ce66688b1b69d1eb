import { describe, expect, test } from 'vitest';
import { normalizeLang } from './index.ts';
import { createT, resources } from './texts.server.ts';

const id = resources.id.translation;
const en = resources.en.translation;
import { errorText } from './errors.ts';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('locales', () => {
  test('Indonesian and English have the same keys', () => {
    expect(keys(id).sort()).toEqual(keys(en).sort());
  });

  test('no text is empty', () => {
    for (const [name, bundle] of [['id', id], ['en', en]] as const) {
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<any>((o, k) => o[k], bundle);
        expect(value, `${name}:${key}`).not.toBe('');
      }
    }
  });
});

describe('createT', () => {
  test('speaks Indonesian by default and English when asked', () => {
    expect(createT(normalizeLang(undefined))('auth.login.submit')).toBe('Masuk');
    expect(createT('en')('auth.login.submit')).toBe('Sign in');
  });

  test('normalizeLang refuses unknown languages', () => {
    expect(normalizeLang('fr')).toBe('id');
    expect(normalizeLang('en')).toBe('en');
  });

  test('instances do not share the language', () => {
    const a = createT('id');
    const b = createT('en');
    expect(a('header.logout')).toBe('Keluar');
    expect(b('header.logout')).toBe('Sign out');
  });
});

describe('errorText', () => {
  test('translates known codes and falls back to the server message', () => {
    const t = createT('id');
    expect(errorText(t, { code: 'invalid_password', message: 'x' })).toBe('Email atau kata sandi salah');
    expect(errorText(t, { code: 'something_new', message: 'Pesan server' })).toBe('Pesan server');
    expect(errorText(t, null)).toBe('Terjadi kesalahan. Silakan coba lagi.');
  });
});
