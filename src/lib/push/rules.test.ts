import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { applicationServerKey, pushStateOf } from './rules.ts';

describe('push control', () => {
  test('its state follows support, permission and subscription', () => {
    expect(pushStateOf({ supported: false, permission: 'granted', subscribed: true })).toBe('unsupported');
    expect(pushStateOf({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
    expect(pushStateOf({ supported: true, permission: 'default', subscribed: true })).toBe('off');
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: false })).toBe('off');
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: true })).toBe('on');
  });

  test('the VAPID key becomes the bytes the browser subscribes with', () => {
    for (let i = 0; i < 20; i += 1) {
      const key = randomBytes(65);
      expect(Buffer.from(applicationServerKey(key.toString('base64url')))).toEqual(key);
    }
  });
});
