/*
 * Texts that a cut in the wrong place breaks, for the tests of every field that is shortened:
 * emoji outside the Basic Multilingual Plane (two UTF-16 units each), emoji joined into one
 * character (families, the rainbow flag), regional-indicator flags, letters with combining marks,
 * and right-to-left scripts with their vowel marks.
 */

/** One grapheme each: the units a cut must never split. */
export const HARD_GRAPHEMES = ['😀', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇮🇩', 'e\u0301', 'مَ', 'שָׁ', '👍🏽'] as const;

/** Whole texts made of them, long enough to be cut by every limit in the product. */
export const HARD_TEXTS: readonly string[] = [
  '😀'.repeat(41),
  '👨‍👩‍👧‍👦'.repeat(30),
  '🏳️‍🌈 '.repeat(60),
  '🇮🇩🇯🇵🇺🇸🇧🇷'.repeat(30),
  'Cafe\u0301 e\u0301le\u0300ve '.repeat(30),
  'مَرْحَبًا بِكُمْ فِي الْمَكْتَبَةِ الرَّقْمِيَّةِ '.repeat(10),
  'שָׁלוֹם עוֹלָם, בְּרוּכִים הַבָּאִים לַסִּפְרִיָּה '.repeat(10),
  `Halo ${'😀👨‍👩‍👧‍👦🏳️‍🌈🇮🇩e\u0301👍🏽'.repeat(40)}`,
];
