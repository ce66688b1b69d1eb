import { describe, expect, test } from 'vitest';
import { isDlsMode, loadShelfList } from './shelf.server.ts';

describe('isDlsMode', () => {
  test('off unless FEATURE_DLS_MODE says true', () => {
    expect(isDlsMode({})).toBe(false);
    expect(isDlsMode({ FEATURE_DLS_MODE: 'false' })).toBe(false);
    expect(isDlsMode({ FEATURE_DLS_MODE: '0' })).toBe(false);
    expect(isDlsMode({ FEATURE_DLS_MODE: 'true' })).toBe(true);
    expect(isDlsMode({ FEATURE_DLS_MODE: 'ON' })).toBe(true);
  });
});

describe('loadShelfList', () => {
  test('passes the first page through, or says the list failed', async () => {
    const page = { data: [1], meta: { total: 1, limit: 6, offset: 0 } };
    expect(await loadShelfList('x', async () => page, 6)).toEqual({ list: page, failed: false });
    const quiet = console.error;
    console.error = () => {};
    try {
      const failed = await loadShelfList('x', async () => Promise.reject(new Error('down')), 6);
      expect(failed).toEqual({ list: { data: [], meta: { total: 0, limit: 6, offset: 0 } }, failed: true });
    } finally {
      console.error = quiet;
    }
  });
});
