import { describe, expect, test } from 'vitest';
import { AVATAR_PALETTE, avatarColor, initials } from './avatar.ts';
import { contrastRatio } from '../../styles/brand.ts';

describe('initials', () => {
  test('takes the first letters of up to two words, uppercase', () => {
    expect(initials('siti nurhaliza')).toBe('SN');
    expect(initials('Budi Santoso Wibowo')).toBe('BS');
    expect(initials('  ayu  ')).toBe('A');
  });

  test('gives a question mark for an empty name', () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
    expect(initials(null)).toBe('?');
  });

  test('keeps letters outside ASCII whole', () => {
    expect(initials('élodie ñandú')).toBe('ÉÑ');
    expect(initials('𝒜lya Rahma')).toBe('𝒜R');
  });
});

describe('avatarColor', () => {
  test('is the same for the same name and id', () => {
    expect(avatarColor('Siti Nurhaliza', 'a1')).toBe(avatarColor('Siti Nurhaliza', 'a1'));
  });

  test('depends on the id as well as the name', () => {
    const colours = new Set(Array.from({ length: 40 }, (_, i) => avatarColor('Siti Nurhaliza', `user-${i}`).hex));
    expect(colours.size).toBeGreaterThan(5);
  });

  test('works without a name or id', () => {
    expect(AVATAR_PALETTE).toContain(avatarColor(null, undefined));
  });

  test('every colour carries white text at WCAG AA contrast', () => {
    for (const colour of AVATAR_PALETTE) {
      expect(contrastRatio(colour.hex, '#ffffff'), colour.hex).toBeGreaterThanOrEqual(4.5);
      expect(colour.className).toBe(`bg-[${colour.hex}]`);
    }
  });
});
