import { describe, expect, test } from 'vitest';
import { createT, resources } from './texts.server.ts';

/*
 * A sweep for texts left in the other language: each bundle's values are searched for a short
 * list of words that belong only to the other one. The lists are small on purpose (words that
 * are common in one language and never a name or a loanword in the other).
 */

const INDONESIAN = ['dan', 'yang', 'tidak', 'untuk', 'dengan', 'anda', 'silakan', 'silahkan', 'kata sandi', 'buku', 'ulasan', 'pinjam', 'halaman', 'masuk', 'keluar', 'belum', 'sudah', 'antrean', 'tersedia', 'perpustakaan', 'gagal', 'berhasil', 'cari', 'simpan', 'batal', 'tutup'];
const ENGLISH = ['password', 'the', 'and', 'of', 'page', 'not found', 'file', 'book', 'books', 'review', 'borrow', 'sign in', 'loading', 'error', 'please', 'upload', 'submit', 'settings', 'search', 'queue', 'available', 'cancel', 'save', 'open', 'close', 'read', 'login', 'logout', 'failed', 'user'];

/** Words the other language legitimately uses: names of things and placeholders. */
const ALLOWED = /\{\{[^}]*\}\}|ePustaka|e-book|Google|SMTP_URL/gi;

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] => (v && typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));
}

function foreignWords(text: string, words: readonly string[]): string[] {
  const plain = text.replace(ALLOWED, ' ').toLowerCase();
  return words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u').test(plain));
}

/** Keys whose value is the same word in both languages by design. */
const SAME_IN_BOTH = new Set<string>([]);

describe('no text in the other language', () => {
  test('the Indonesian bundle has no English words', () => {
    const found = entries(resources.id.translation)
      .filter(([key]) => !SAME_IN_BOTH.has(key))
      .map(([key, value]) => [key, foreignWords(value, ENGLISH)] as const)
      .filter(([, words]) => words.length > 0);
    expect(found).toEqual([]);
  });

  test('the English bundle has no Indonesian words', () => {
    const found = entries(resources.en.translation)
      .filter(([key]) => !SAME_IN_BOTH.has(key))
      .map(([key, value]) => [key, foreignWords(value, INDONESIAN)] as const)
      .filter(([, words]) => words.length > 0);
    expect(found).toEqual([]);
  });

  test('the sweep finds a word of the other language', () => {
    expect(foreignWords('Masukkan password Anda', ENGLISH)).toEqual(['password']);
    expect(foreignWords('Open the Buku tab', INDONESIAN)).toEqual(['buku']);
    expect(foreignWords('Bukunya {{the}} ePustaka', ENGLISH)).toEqual([]);
  });

  test('Indonesian says "kata sandi" for password everywhere', () => {
    const odd = entries(resources.id.translation).filter(([, value]) => /\b(password|sandi lewat|kata kunci)\b/i.test(value));
    expect(odd).toEqual([]);
  });
});

describe('one voice in Indonesian', () => {
  /** The informal address (kamu, -mu) and the misspelling 'aktifitas'; names of things are allowed. */
  const INFORMAL = /\b(kamu|kau|engkau|dirimu|[a-z]{3,}(?<!ilm|te|ja|se|ta|ju|ru)mu)\b|aktifitas/iu;

  test('every Indonesian text addresses the reader as "Anda" and spells "aktivitas"', () => {
    const odd = entries(resources.id.translation).filter(([, value]) => INFORMAL.test(value.replace(ALLOWED, ' ')));
    expect(odd).toEqual([]);
  });

  test('the check finds the informal voice and the misspelling, not words that end in -mu', () => {
    for (const text of ['Buku antreanmu tersedia', 'Apakah kamu yakin?', 'Belum Terdapat Aktifitas']) expect(INFORMAL.test(text), text).toBe(true);
    for (const text of ['Buku antrean Anda tersedia', 'Ilmu pengetahuan', 'Bertemu penulis', 'Aktivitas Anda']) expect(INFORMAL.test(text), text).toBe(false);
  });
});

describe('API error codes', () => {
  test('every code the API answers with has a text in both languages', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path);
      }
    };
    walk('server');
    const codes = new Set<string>();
    for (const file of files) {
      for (const [, code] of readFileSync(file, 'utf8').matchAll(/(?:badRequest|unauthorized|forbidden|notFound|conflict|new ApiError\(\d+,)\s*\(?'([a-z_]+)'/g)) codes.add(code!);
    }
    expect(codes.size).toBeGreaterThan(30);
    for (const lang of ['id', 'en'] as const) {
      const t = createT(lang);
      const missing = [...codes].filter((code) => !['errors', 'apiErrors', 'account.errors', 'account.validation', 'catalogue.errors', 'shelf.errors', 'schools.errors', 'schoolday.errors', 'quizzes.errors', 'classReading.errors'].some((prefix) => t(`${prefix}.${code}`, { defaultValue: '' })));
      expect(missing, lang).toEqual([]);
    }
  });
});
