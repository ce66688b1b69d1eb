import { describe, expect, it } from 'vitest';
import { createT, resources } from './texts.server.ts';
import { createTranslate, pageResources } from './translate.ts';
import { LANGUAGES } from '../contract/lang.ts';

function leaves(node: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));
}

describe('the islands’ translate function', () => {
  for (const lang of LANGUAGES) {
    it(`answers like i18next for every text in ${lang}`, () => {
      const texts = resources[lang].translation;
      const ours = createTranslate(lang, texts);
      const theirs = createT(lang);
      let compared = 0;
      for (const [leaf, text] of leaves(texts)) {
        const key = leaf.replace(/_(zero|one|two|few|many|other)$/, '');
        const names = [...text.matchAll(/\{\{\s*([^{}\s,]+)\s*\}\}/g)].map((m) => m[1]!);
        const values = Object.fromEntries(names.map((name, i) => [name, `v${i}<b>`]));
        const cases: Record<string, unknown>[] = [{}, values, { ...values, count: 0 }, { ...values, count: 1 }, { ...values, count: 7 }];
        for (const options of cases) {
          expect(ours(key, options), `${lang}:${key} ${JSON.stringify(options)}`).toBe(theirs(key, options));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it('falls back like i18next: the default value, else the key; objects only when asked', () => {
    const ours = createTranslate('en', resources.en.translation);
    const theirs = createT('en');
    for (const [key, options] of [
      ['no.such.key', {}],
      ['no.such.key', { defaultValue: '' }],
      ['no.such.key', { defaultValue: 'Hi {{name}}', name: 'Ana' }],
      ['errors.generic', { defaultValue: 'unused' }],
      ['reader.citation', { returnObjects: true }],
    ] as const) {
      expect(ours(key, options), key).toEqual(theirs(key, options));
    }
  });
});

describe('the texts a page carries', () => {
  it('leaves out a block the page is still receiving and keeps the whole ones', () => {
    const whole = JSON.stringify({ lang: 'id', texts: { common: { ok: 'Oke' } } });
    const arriving = JSON.stringify({ lang: 'id', texts: { later: { title: 'Nanti' } } }).slice(0, 20);
    const blocks = [{ textContent: whole }, { textContent: arriving }];
    const page = globalThis as { document?: unknown };
    page.document = { querySelectorAll: () => blocks };
    try {
      expect(pageResources()).toEqual({ id: { translation: { common: { ok: 'Oke' } } } });
      blocks[1]!.textContent = JSON.stringify({ lang: 'id', texts: { later: { title: 'Nanti' } } });
      expect(pageResources()).toEqual({ id: { translation: { common: { ok: 'Oke' }, later: { title: 'Nanti' } } } });
    } finally {
      delete page.document;
    }
  });
});
