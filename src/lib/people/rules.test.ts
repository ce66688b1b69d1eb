import { describe, expect, test } from 'vitest';
import { bioText, hasMoreRows, MAX_SHOWN_PAGES, profileHref, profileTabOf, shownPages, visibleProfileTabs } from './rules.ts';

describe('profiles', () => {
  test('a bio is a dash when empty, blank or the text null', () => {
    expect(bioText(null)).toBe('-');
    expect(bioText('   ')).toBe('-');
    expect(bioText('null')).toBe('-');
    expect(bioText(' Suka membaca ')).toBe('Suka membaca');
  });

  test('media and article tabs show only with such history; an unknown tab falls back', () => {
    expect(visibleProfileTabs({ video: 0, audio: 0, article: 0 })).toEqual(['timeline', 'book']);
    expect(visibleProfileTabs({ video: 2, audio: 0, article: 1 })).toEqual(['timeline', 'book', 'video', 'article']);
    const tabs = visibleProfileTabs({ video: 0, audio: 3, article: 0 });
    expect(profileTabOf('audio', tabs, 'book')).toBe('audio');
    expect(profileTabOf('video', tabs, 'book')).toBe('book');
    expect(profileTabOf(null, tabs, 'timeline')).toBe('timeline');
  });

  test("one's own profile is /profile", () => {
    expect(profileHref('u1', 'u1')).toBe('/profile');
    expect(profileHref('u2', 'u1')).toBe('/profil/user/u2');
    expect(profileHref('u2', null)).toBe('/profil/user/u2');
  });
});

describe('growing lists', () => {
  test('reads the pages shown, 1 by default', () => {
    expect(shownPages(null)).toBe(1);
    expect(shownPages('3')).toBe(3);
    expect(shownPages('0')).toBe(1);
    expect(shownPages('2.5')).toBe(1);
    expect(shownPages(String(MAX_SHOWN_PAGES + 1))).toBe(1);
  });

  test("'more' only while the total is larger than what is shown", () => {
    expect(hasMoreRows(26, 25, 1)).toBe(true);
    expect(hasMoreRows(25, 25, 1)).toBe(false);
    expect(hasMoreRows(0, 0, 1)).toBe(false);
    expect(hasMoreRows(5000, 1000, MAX_SHOWN_PAGES)).toBe(false);
  });
});
