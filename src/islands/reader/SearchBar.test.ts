import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { SearchBar, type SearchView } from './SearchBar.tsx';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { createT } from '../../lib/i18n/texts.server.ts';

const render = (lang: 'id' | 'en', view: SearchView) => renderToString(createElement(I18nRoot, { lang, children: createElement(SearchBar, { view, onSearch: () => {}, onStep: () => {}, onClear: () => {} }) }));

test('a PDF search says it is still searching, and how far, even once matches are found', () => {
  for (const lang of ['id', 'en'] as const) {
    const t = createT(lang);
    const running = render(lang, { total: 3, current: 0, running: true, done: false, query: 'trace', searched: 5, pages: 14 });
    expect(running).toContain('data-search-progress');
    expect(running).toContain(t('readerSearch.pdfProgress', { done: 5, total: 14 }));
    expect(running).toContain('aria-busy="true"');
    const done = render(lang, { total: 3, current: 0, running: false, done: true, query: 'trace', searched: 14, pages: 14 });
    expect(done).not.toContain('data-search-progress');
    expect(done).toContain(t('reader.matchCount', { current: 1, total: 3 }));
  }
});
