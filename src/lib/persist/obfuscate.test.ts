import { describe, expect, test } from 'vitest';
import { cyrb53, decodeValue, encodeValue, storageKey } from './obfuscate.ts';

describe('storageKey', () => {
  test('is ew. and a hash, the same for the same name', () => {
    expect(storageKey('auth')).toMatch(/^ew\.[0-9a-f]{14}$/);
    expect(storageKey('auth')).toBe(storageKey('auth'));
    expect(storageKey('auth')).not.toBe(storageKey('profile'));
    expect(storageKey('auth')).not.toContain('auth');
  });
});

describe('cyrb53', () => {
  test('is stable and spreads close inputs apart', () => {
    expect(cyrb53('a')).toBe(cyrb53('a'));
    expect(cyrb53('a')).not.toBe(cyrb53('b'));
    expect(cyrb53('a', 1)).not.toBe(cyrb53('a'));
  });
});

describe('encodeValue and decodeValue', () => {
  const key = storageKey('profile');

  test('round-trip any JSON value, text outside ASCII included', () => {
    for (const value of [null, 0, 'Budi Santoso', { name: 'Ayu Ningsih', nested: [1, true, 'ñ 𝒜 ✓'] }, []]) {
      expect(decodeValue(key, encodeValue(key, value))).toEqual({ ok: true, value });
    }
  });

  test('hides the JSON: base64url text without the plain values', () => {
    const stored = encodeValue(key, { name: 'Budi Santoso' });
    expect(stored).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('Budi');
    expect(atob(stored.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(stored.length / 4) * 4, '='))).not.toContain('Budi');
  });

  test('refuses an edited value', () => {
    const stored = encodeValue(key, { role: 303, verified: false });
    for (const position of [2, Math.floor(stored.length / 2), stored.length - 3]) {
      const flipped = stored[position] === 'A' ? 'B' : 'A';
      const edited = stored.slice(0, position) + flipped + stored.slice(position + 1);
      expect(decodeValue(key, edited), `edit at ${position}`).toEqual({ ok: false });
    }
  });

  test('refuses a value copied from another key, cut short or not encoded at all', () => {
    const stored = encodeValue(key, { role: 303 });
    expect(decodeValue(storageKey('auth'), stored)).toEqual({ ok: false });
    expect(decodeValue(key, stored.slice(0, 6))).toEqual({ ok: false });
    expect(decodeValue(key, '{"role":999}')).toEqual({ ok: false });
    expect(decodeValue(key, null)).toEqual({ ok: false });
  });

  test('cannot store what JSON cannot hold', () => {
    expect(() => encodeValue(key, undefined)).toThrow(TypeError);
  });
});
