import { describe, expect, test } from 'vitest';
import { withTexts } from '../../islands/shell/I18nRoot.tsx';
import { islandTexts } from './island-texts.server.ts';

/** An island with nothing to show. */
const Inner = () => null;

describe('the texts an island declares through withTexts', () => {
  test('are read by the exported name, and an island without a list asks for none of its own', () => {
    const modules = { 'a.tsx': { Shelf: withTexts(Inner, ['shelf', 'common']), Row: withTexts(Inner), value: 3 } };
    const texts = islandTexts(modules);
    expect(texts.get('Shelf')).toEqual(['shelf', 'common']);
    expect(texts.has('Row')).toBe(false);
  });
});
