import { describe, expect, test } from 'vitest';
import { isBlockedShortcut, isScreenshotKey } from './guard-store.ts';

const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('isBlockedShortcut', () => {
  test('blocks F12, Ctrl+Shift+I/J/C and Ctrl+U', () => {
    expect(isBlockedShortcut(key('F12'))).toBe(true);
    for (const k of ['I', 'J', 'C']) expect(isBlockedShortcut(key(k, { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key('u', { ctrlKey: true }))).toBe(true);
  });

  test('leaves reading and typing keys alone', () => {
    for (const k of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'PageDown', 'PageUp', 'Home', 'End', 'a', 'Enter']) {
      expect(isBlockedShortcut(key(k))).toBe(false);
    }
    expect(isBlockedShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key('f', { ctrlKey: true }))).toBe(false);
  });
});

describe('isScreenshotKey', () => {
  test('knows PrintScreen (code 44) and Meta', () => {
    expect(isScreenshotKey({ key: 'PrintScreen', keyCode: 44 })).toBe(true);
    expect(isScreenshotKey({ key: 'Unidentified', keyCode: 44 })).toBe(true);
    expect(isScreenshotKey({ key: 'Meta', keyCode: 91 })).toBe(true);
    expect(isScreenshotKey({ key: 'ArrowDown', keyCode: 40 })).toBe(false);
  });
});
