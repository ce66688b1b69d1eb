import { expect, test } from 'vitest';
import { locationSlug, qrTargetPath, qrUrl, QR_LOCATION_MAX } from './rules.ts';

const ID = '3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d';

test('a location label becomes a short address segment', () => {
  expect(locationSlug('Rak 3, lantai 2')).toBe('rak-3-lantai-2');
  expect(locationSlug('  Perpustakaan Pusat — Gedung É ')).toBe('perpustakaan-pusat-gedung-e');
  expect(locationSlug('<script>alert(1)</script>')).toBe('script-alert-1-script');
  expect(locationSlug('!!!')).toBe('');
  expect(locationSlug(null)).toBe('');
  expect(locationSlug('a '.repeat(100)).length).toBeLessThanOrEqual(QR_LOCATION_MAX);
  expect(locationSlug('a '.repeat(100)).endsWith('-')).toBe(false);
});

test('the printed address carries the location only when there is one', () => {
  expect(qrUrl('https://pustaka.sch.id/', ID, 'Rak 3')).toBe(`https://pustaka.sch.id/qr/${ID}/rak-3`);
  expect(qrUrl('https://pustaka.sch.id', ID, null)).toBe(`https://pustaka.sch.id/qr/${ID}`);
});

test('each kind opens its own detail page', () => {
  expect(qrTargetPath('BOOK', ID)).toBe(`/book/${ID}`);
  expect(qrTargetPath('EPUSTAKA', ID)).toBe(`/epustaka/${ID}`);
});
