import { describe, expect, test } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushServiceHost, readPushSettings } from './settings.ts';
import { guardedLookup, isAllowedPushAddress, type Resolve } from './push-address.ts';

describe('readPushSettings', () => {
  test("the browsers' push services by default; PUSH_SERVICE_HOSTS replaces them", () => {
    expect(readPushSettings({})).toEqual({ serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS], allowLoopback: false });
    expect(readPushSettings({ PUSH_SERVICE_HOSTS: 'Push.Example.com, *.relay.example' }).serviceHosts).toEqual(['push.example.com', '*.relay.example']);
    expect(() => readPushSettings({ PUSH_SERVICE_HOSTS: 'https://push.example.com/' })).toThrow(/not a host name/);
    expect(() => readPushSettings({ PUSH_SERVICE_HOSTS: '*' })).toThrow(/not a host name/);
  });

  test('loopback receivers are allowed outside production only', () => {
    expect(readPushSettings({ PUSH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' }).allowLoopback).toBe(true);
    expect(() => readPushSettings({ PUSH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'production' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });
});

describe('isPushServiceHost', () => {
  const hosts = [...DEFAULT_PUSH_SERVICE_HOSTS];
  test.each([
    ['fcm.googleapis.com', true],
    ['updates.push.services.mozilla.com', true],
    ['wns2-par02p.notify.windows.com', true],
    ['web.push.apple.com', true],
    ['push.services.mozilla.com', false],
    ['notify.windows.com', false],
    ['evilfcm.googleapis.com', false],
    ['x.fcm.googleapis.com', false],
    ['fcm.googleapis.com.', false],
    ['fcm.googleapis.com.evil.example', false],
    ['evilnotify.windows.com', false],
  ])('%s: %s', (host, allowed) => {
    expect(isPushServiceHost(host, hosts)).toBe(allowed);
  });
});

describe('isAllowedPushAddress', () => {
  test.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.5',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'ff02::1',
  ])('%s is refused', (address) => {
    expect(isAllowedPushAddress(address, 'public')).toBe(false);
  });

  test('public addresses are allowed; loopback only when allowed, and http only to loopback', () => {
    for (const address of ['142.250.4.95', '8.8.8.8', '172.32.0.1', '2a00:1450:4001:82b::200a']) expect(isAllowedPushAddress(address, 'public'), address).toBe(true);
    expect(isAllowedPushAddress('127.0.0.1', 'public-or-loopback')).toBe(true);
    expect(isAllowedPushAddress('::1', 'public-or-loopback')).toBe(true);
    expect(isAllowedPushAddress('10.0.0.5', 'public-or-loopback')).toBe(false);
    expect(isAllowedPushAddress('127.0.0.1', 'loopback-only')).toBe(true);
    expect(isAllowedPushAddress('142.250.4.95', 'loopback-only')).toBe(false);
    expect(isAllowedPushAddress('not-an-address', 'public')).toBe(false);
  });
});

describe('guardedLookup', () => {
  const answering =
    (...addresses: string[]): Resolve =>
    (_host, _options, callback) =>
      callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  const lookUp = (resolve: Resolve, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      guardedLookup('public', resolve)('push.example', { all }, (error, address) => done({ error, address })),
    );

  test('answers the public addresses of a name', async () => {
    expect(await lookUp(answering('142.250.4.95'), false)).toEqual({ error: null, address: '142.250.4.95' });
    expect((await lookUp(answering('142.250.4.95', '2a00:1450:4001:82b::200a'), true)).address).toHaveLength(2);
  });

  test('refuses a name when any of its addresses is internal', async () => {
    for (const answer of [['169.254.169.254'], ['fd00:ec2::254'], ['142.250.4.95', '10.0.0.1'], []]) {
      const { error } = await lookUp(answering(...answer), true);
      expect(error?.message, answer.join()).toMatch(/where no push is sent/);
    }
  });
});
